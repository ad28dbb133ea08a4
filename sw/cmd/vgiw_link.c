/* vgiw-link: talk to a VGIW FPGA board over its serial host link (docs/fpga.md).
 *
 *   vgiw-link --port PATH [--baud N] [--timeout-ms N] COMMAND ...
 *     ping                       protocol version and board memory size
 *     peek ADDR [N]              N words (default 1) from ADDR
 *     poke ADDR WORD...          words to ADDR
 *     reg OFFSET [VALUE]         read (or write) a core register (byte offset, docs/core.md)
 *     start KDESC                launch the kernel whose descriptor is at KDESC
 *     counter INDEX              a counter of the core (docs/ctrl.md)
 *
 * Numbers in C notation (0x...). Exit status 0; 1 when the board answers with an error status
 * or does not answer (the status name is printed); 2 for bad usage. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hostlink.h"
#include "hostlink_serial.h"

static int usage(void)
{
    fprintf(stderr, "usage: vgiw-link --port PATH [--baud N] [--timeout-ms N] "
                    "ping | peek ADDR [N] | poke ADDR WORD... | reg OFFSET [VALUE] | start KDESC | counter INDEX\n");
    return 2;
}

static int num(const char *s, uint32_t *v)
{
    char *e;
    unsigned long long x = strtoull(s, &e, 0);
    if (!*s || *e || x > 0xFFFFFFFFull) {
        fprintf(stderr, "vgiw-link: '%s' is not a 32-bit number\n", s);
        return -1;
    }
    *v = (uint32_t)x;
    return 0;
}

static int done(const char *what, int r)
{
    if (r != VGIW_HL_ST_OK) {
        fprintf(stderr, "vgiw-link: %s: %s\n", what, hl_result_name(r));
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char *port = NULL;
    uint32_t baud = 0, tmo = 1000;
    int i = 1;
    for (; i < argc && !strncmp(argv[i], "--", 2); i += 2) {
        if (i + 1 >= argc)
            return usage();
        if (!strcmp(argv[i], "--port"))
            port = argv[i + 1];
        else if (!strcmp(argv[i], "--baud")) {
            if (num(argv[i + 1], &baud))
                return 2;
        } else if (!strcmp(argv[i], "--timeout-ms")) {
            if (num(argv[i + 1], &tmo))
                return 2;
        } else
            return usage();
    }
    if (!port || i >= argc)
        return usage();
    const char *cmd = argv[i++];
    int nargs = argc - i;
    uint32_t a[2 + VGIW_HL_MAX_WORDS * 8];
    if (nargs > (int)(sizeof a / sizeof a[0]))
        return usage();
    for (int k = 0; k < nargs; k++)
        if (num(argv[i + k], &a[k]))
            return 2;
    hl_serial_t s;
    char err[256];
    if (hl_serial_open(&s, port, baud, tmo, err, sizeof err) != 0) {
        fprintf(stderr, "vgiw-link: %s\n", err);
        return 1;
    }
    int rc = 0;
    if (!strcmp(cmd, "ping") && nargs == 0) {
        uint32_t ver = 0, mem = 0;
        if (!(rc = done("ping", hl_ping(&s.io, &ver, &mem))))
            printf("version %" PRIu32 ", memory %" PRIu32 " bytes\n", ver, mem);
    } else if (!strcmp(cmd, "peek") && (nargs == 1 || nargs == 2)) {
        uint32_t n = nargs == 2 ? a[1] : 1;
        uint32_t *w = n ? calloc(n, 4) : NULL;
        if (!w) {
            rc = usage();
        } else if (!(rc = done("peek", hl_mem_read(&s.io, a[0], w, n)))) {
            for (uint32_t k = 0; k < n; k++)
                printf("%08" PRIx32 ": %08" PRIx32 "\n", a[0] + 4 * k, w[k]);
        }
        free(w);
    } else if (!strcmp(cmd, "poke") && nargs >= 2) {
        rc = done("poke", hl_mem_write(&s.io, a[0], a + 1, (size_t)nargs - 1));
    } else if (!strcmp(cmd, "reg") && (nargs == 1 || nargs == 2) && a[0] <= 0xFF) {
        if (nargs == 2) {
            rc = done("reg write", hl_reg_write(&s.io, (uint8_t)a[0], a[1]));
        } else {
            uint32_t v = 0;
            if (!(rc = done("reg read", hl_reg_read(&s.io, (uint8_t)a[0], &v))))
                printf("%08" PRIx32 "\n", v);
        }
    } else if (!strcmp(cmd, "start") && nargs == 1) {
        rc = done("start", hl_start(&s.io, a[0]));
    } else if (!strcmp(cmd, "counter") && nargs == 1 && a[0] <= 0xFFFF) {
        uint64_t v = 0;
        if (!(rc = done("counter", hl_counter(&s.io, (uint16_t)a[0], &v))))
            printf("%" PRIu64 "\n", v);
    } else {
        rc = usage();
    }
    hl_serial_close(&s);
    return rc;
}
