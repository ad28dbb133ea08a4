/* One command-line parser for the C tools (vgiwcc, vgiw-objdump, vgiw-run, clcheck, the app
 * host programs; docs/compiler.md "Command-line errors"). Every error names the option and
 * the exact problem, prints the tool's usage and exits with status 2:
 *   vgiwcc: option -o needs a value
 *   vgiwcc: --replicas '-3': out of range (1..64)
 *   vgiwcc: --seed 'abc': not a number
 *   vgiwcc: --pnr-optional conflicts with --no-pnr (both set the place-and-route mode)
 *
 *   vga_t p;
 *   vga_init(&p, "vgiwcc", argc, argv, usage);
 *   while (vga_next(&p)) {
 *       if (vga_is(&p, "-o")) out = vga_str(&p);
 *       else if (vga_is(&p, "--seed")) seed = vga_u64(&p, 0, UINT64_MAX);
 *       else if (vga_is(&p, "--no-pnr")) { vga_claim(&p, "the place-and-route mode"); ... }
 *       else if (vga_positional(&p)) input = p.arg;   // not an option
 *       else vga_unknown(&p);
 *   }
 */
#ifndef VGIW_VG_ARGS_H
#define VGIW_VG_ARGS_H

#include <stdint.h>
#include <stdio.h>

#define VGA_MAX_CLAIMS 16

typedef struct {
    const char *tool;
    int argc;
    char **argv;
    int i;                        /* index of the current argument */
    const char *arg;              /* the current argument */
    void (*usage)(FILE *f);       /* prints the usage lines (may be NULL) */
    struct { const char *what, *opt; } claims[VGA_MAX_CLAIMS];
    int nclaims;
} vga_t;

void vga_init(vga_t *p, const char *tool, int argc, char **argv, void (*usage)(FILE *f));
/* Advances to the next argument; 0 when there is none. */
int vga_next(vga_t *p);
/* The current argument is option `name`. */
int vga_is(const vga_t *p, const char *name);
/* The current argument is not an option ("-" alone counts as a file name). */
int vga_positional(const vga_t *p);

/* The value of the current option (the next argument), consumed. A missing value, or one
 * that is itself an option (starts with "--"), is an error naming the option. */
const char *vga_str(vga_t *p);
/* The value as an unsigned number (decimal or 0x hex) in [lo, hi]; an error otherwise. */
uint64_t vga_u64(vga_t *p, uint64_t lo, uint64_t hi);
/* text (e.g. one element of a list given to opt) as an unsigned number in [lo, hi]. */
uint64_t vga_parse_u64(vga_t *p, const char *opt, const char *text, uint64_t lo, uint64_t hi);
/* The value, which must be one of the NULL-terminated choices; returns its index. */
int vga_choice(vga_t *p, const char *const *choices);

/* Records that the current option sets `what`; a different option that set it before is a
 * conflict (error). The same option again is not. */
void vga_claim(vga_t *p, const char *what);

/* "TOOL: message", the usage, exit status 2. */
_Noreturn void vga_fail(const vga_t *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
_Noreturn void vga_unknown(const vga_t *p);

#endif
