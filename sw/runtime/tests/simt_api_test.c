/* The runtime's simt backend on bad input (docs/runtime.md "The simt device"), with the real
 * device process: every error is a status with a message, never a crash or a hang.
 *   simt_api_test --config C --elf K.simt --image K.vgiw
 * K.simt: sw/runtime/tests/rt_simple.cl by vgiw-simtcc; K.vgiw: the same by vgiwcc (not a
 * program of the SIMT core). Prints one line per check and "N passed, N failed". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vgiw_rt.h"

static int npass, nfail;

static void check(int ok, const char *what, vrt_device *d)
{
    if (ok)
        npass++;
    else
        nfail++;
    printf("%s %s%s%s\n", ok ? "PASS" : "FAIL", what, d ? ": " : "", d ? vrt_error(d) : "");
}

int main(int argc, char **argv)
{
    const char *config = "tiny", *elf = NULL, *image = NULL;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--config")) config = argv[i + 1];
        else if (!strcmp(argv[i], "--elf")) elf = argv[i + 1];
        else if (!strcmp(argv[i], "--image")) image = argv[i + 1];
    }
    if (!elf || !image) {
        fprintf(stderr, "usage: simt_api_test --config C --elf K.simt --image K.vgiw\n");
        return 2;
    }
    vrt_options o;
    vrt_options_init(&o);
    o.backend = "simt";
    o.config = config;
    o.stall_cycles = 20000;
    vrt_device *d = NULL;
    char err[512];
    if (vrt_open(&o, &d, err, sizeof err)) {
        printf("FAIL open simt %s: %s\n0 passed, 1 failed\n", config, err);
        return 1;
    }
    vrt_program p;
    int rc = vrt_program_load(d, "/nonexistent/k.simt", &p);
    check(rc == VRT_ERR_IMAGE && strstr(vrt_error(d), "cannot open"), "missing program file", d);
    rc = vrt_program_load(d, image, &p);
    check(rc == VRT_ERR_IMAGE && strstr(vrt_error(d), "not an ELF"), "a .vgiw image given to the simt device", d);
    rc = vrt_program_load(d, argv[0], &p);   /* an x86-64 ELF */
    check(rc == VRT_ERR_IMAGE && strstr(vrt_error(d), "RISC-V"), "a host executable given to the simt device", d);
    rc = vrt_program_load(d, elf, &p);
    check(rc == VRT_OK, "load the program", rc ? d : NULL);
    vrt_kernel k;
    rc = vrt_kernel_create(d, p, "nosuch", &k);
    check(rc == VRT_ERR_IMAGE, "no such kernel", d);
    rc = vrt_kernel_create(d, p, "scale_add", &k);
    check(rc == VRT_OK, "kernel scale_add", rc ? d : NULL);
    vrt_buf a, b;
    enum { N = 100 };
    int32_t ha[N], hb[N], want[N];
    for (int i = 0; i < N; i++) {
        ha[i] = i * 7 - 300;
        hb[i] = 1000 - i * i;
        want[i] = ha[i] + hb[i] * -3;
    }
    vrt_alloc(d, sizeof ha, &a);
    vrt_alloc(d, sizeof hb, &b);
    vrt_write(d, a, 0, ha, sizeof ha);
    vrt_write(d, b, 0, hb, sizeof hb);
    rc = vrt_set_arg_u32(d, k, 0, 5);
    check(rc == VRT_ERR_ARG, "a scalar for a buffer argument", d);
    rc = vrt_set_arg_buf(d, k, 3, a);
    check(rc == VRT_ERR_ARG, "argument index past the kernel's", d);
    vrt_set_arg_buf(d, k, 0, a);
    uint32_t g = N, l = 10;
    rc = vrt_run(d, k, 1, &g, &l);
    check(rc == VRT_ERR_ARG && strstr(vrt_error(d), "not set"), "launch with arguments not set", d);
    vrt_set_arg_buf(d, k, 1, b);
    vrt_set_arg_i32(d, k, 2, -3);
    l = 7;
    rc = vrt_run(d, k, 1, &g, &l);
    check(rc == VRT_ERR_NDRANGE, "global size not a multiple of the local size", d);
    l = 10;
    rc = vrt_run(d, k, 1, &g, &l);
    int32_t got[N];
    vrt_read(d, a, 0, got, sizeof got);
    check(rc == VRT_OK && !memcmp(got, want, sizeof got), "scale_add runs and is right", rc ? d : NULL);
    vrt_stats s;
    vrt_stats_get(d, &s, NULL);
    check(s.cycles > 0 && s.warp_instructions > 0 && s.thread_instructions >= s.warp_instructions &&
              s.simt_cnt[1] == s.warp_instructions,
          "counters: cycles, warp and thread instructions", NULL);
    /* a load outside memory: the device's error with the faulting PC */
    rc = vrt_kernel_create(d, p, "bad_load", &k);
    vrt_set_arg_buf(d, k, 0, a);
    vrt_set_arg_u32(d, k, 1, 0x7FFF0000u);
    rc = vrt_run(d, k, 1, &g, &l);
    check(rc == VRT_ERR_DEVICE && strstr(vrt_error(d), "FAULT_PC"), "load outside memory: device error, FAULT_PC",
          d);
    vrt_close(d);
    printf("%d passed, %d failed\n", npass, nfail);
    return nfail ? 1 : 0;
}
