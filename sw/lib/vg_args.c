/* One command-line parser for the C tools (vg_args.h). */
#include "vg_args.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void vga_init(vga_t *p, const char *tool, int argc, char **argv, void (*usage)(FILE *f))
{
    memset(p, 0, sizeof *p);
    p->tool = tool;
    p->argc = argc;
    p->argv = argv;
    p->i = 0;
    p->usage = usage;
}

int vga_next(vga_t *p)
{
    if (p->i + 1 >= p->argc)
        return 0;
    p->arg = p->argv[++p->i];
    return 1;
}

int vga_is(const vga_t *p, const char *name) { return p->arg && !strcmp(p->arg, name); }

int vga_positional(const vga_t *p) { return p->arg && (p->arg[0] != '-' || !strcmp(p->arg, "-")); }

_Noreturn void vga_fail(const vga_t *p, const char *fmt, ...)
{
    va_list ap;
    fflush(stdout);
    fprintf(stderr, "%s: ", p->tool);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    if (p->usage)
        p->usage(stderr);
    exit(2);
}

_Noreturn void vga_unknown(const vga_t *p)
{
    vga_fail(p, "unknown option '%s'", p->arg);
}

const char *vga_str(vga_t *p)
{
    const char *opt = p->arg;
    if (p->i + 1 >= p->argc)
        vga_fail(p, "option %s needs a value", opt);
    const char *v = p->argv[p->i + 1];
    if (!strncmp(v, "--", 2) && v[2])
        vga_fail(p, "option %s needs a value (got the option '%s')", opt, v);
    p->i++;
    p->arg = opt;   /* messages about the value still name the option */
    return v;
}

uint64_t vga_parse_u64(vga_t *p, const char *opt, const char *text, uint64_t lo, uint64_t hi)
{
    const char *s = text;
    while (*s == ' ')
        s++;
    int neg = *s == '-';
    if (neg || *s == '+')
        s++;
    char *end;
    errno = 0;
    unsigned long long v = (*s >= '0' && *s <= '9') ? strtoull(s, &end, 0) : 0;
    if (!(*s >= '0' && *s <= '9') || *end)
        vga_fail(p, "%s '%s': not a number", opt, text);
    if (errno == ERANGE || (neg && v) || v < lo || v > hi) {
        if (hi == UINT64_MAX)
            vga_fail(p, "%s '%s': out of range (at least %llu)", opt, text, (unsigned long long)lo);
        vga_fail(p, "%s '%s': out of range (%llu..%llu)", opt, text, (unsigned long long)lo, (unsigned long long)hi);
    }
    return v;
}

uint64_t vga_u64(vga_t *p, uint64_t lo, uint64_t hi)
{
    const char *opt = p->arg, *v = p->i + 1 < p->argc ? p->argv[p->i + 1] : NULL;
    /* "--seed -3": a negative number is a bad value, not a missing one */
    if (!v)
        vga_fail(p, "option %s needs a value", opt);
    p->i++;
    return vga_parse_u64(p, opt, v, lo, hi);
}

int vga_choice(vga_t *p, const char *const *choices)
{
    const char *opt = p->arg, *v = vga_str(p);
    for (int i = 0; choices[i]; i++)
        if (!strcmp(v, choices[i]))
            return i;
    char list[256] = "";
    size_t n = 0;
    for (int i = 0; choices[i] && n < sizeof list; i++)
        n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", i ? ", " : "", choices[i]);
    vga_fail(p, "%s '%s': expected one of %s", opt, v, list);
}

void vga_claim(vga_t *p, const char *what)
{
    for (int i = 0; i < p->nclaims; i++)
        if (!strcmp(p->claims[i].what, what)) {
            if (strcmp(p->claims[i].opt, p->arg))
                vga_fail(p, "%s conflicts with %s (both set %s)", p->arg, p->claims[i].opt, what);
            return;
        }
    if (p->nclaims < VGA_MAX_CLAIMS) {
        p->claims[p->nclaims].what = what;
        p->claims[p->nclaims].opt = p->arg;
        p->nclaims++;
    }
}
