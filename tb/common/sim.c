/* C testbench harness: options, clocking, watchdog, checks and verdict (see sim.h). */
#include "sim.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_model.h"
#include "stats.h"

#define SHOW_FAILURES 20

sim_args_t sim_args;

static const char *sim_name = "sim";
static uint64_t cycle;
static uint64_t last_progress;
static uint64_t n_pass, n_fail;
static void (*watchdog_dump)(void);
static int tracing;

static void usage(FILE *f)
{
    fprintf(f,
            "usage: %s [--seed N] [--count N] [--max-cycles N] [--stall-cycles N]\n"
            "          [--waves FILE.fst [--waves-from C] [--waves-to C]] [--vectors FILE]\n"
            "          [--op NAME] [--stats FILE.json] [--quiet]\n",
            sim_name);
}

void sim_die(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s: error: ", sim_name);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(2);
}

static uint64_t parse_u64(const char *opt, const char *s)
{
    char *end;
    if (s == NULL)
        sim_die("%s needs a value", opt);
    unsigned long long v = strtoull(s, &end, 0);
    if (*s == '\0' || *end != '\0' || *s == '-')
        sim_die("%s: '%s' is not a non-negative integer", opt, s);
    return (uint64_t)v;
}

void sim_init(const char *name, int argc, char **argv)
{
    sim_name = name;
    memset(&sim_args, 0, sizeof sim_args);
    sim_args.seed = 1;
    sim_args.max_cycles = UINT64_MAX;
    sim_args.stall_cycles = 100000;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--seed"))              { sim_args.seed = parse_u64(a, v); i++; }
        else if (!strcmp(a, "--count"))        { sim_args.count = parse_u64(a, v); i++; }
        else if (!strcmp(a, "--max-cycles"))   { sim_args.max_cycles = parse_u64(a, v); i++; }
        else if (!strcmp(a, "--stall-cycles")) { sim_args.stall_cycles = parse_u64(a, v); i++; }
        else if (!strcmp(a, "--waves-from"))   { sim_args.waves_from = parse_u64(a, v); i++; }
        else if (!strcmp(a, "--waves-to"))     { sim_args.waves_to = parse_u64(a, v); i++; }
        else if (!strcmp(a, "--waves") || !strcmp(a, "--vectors") || !strcmp(a, "--op") ||
                 !strcmp(a, "--stats")) {
            if (v == NULL || v[0] == '\0')
                sim_die("%s needs a value", a);
            if (!strcmp(a, "--waves")) sim_args.waves = v;
            else if (!strcmp(a, "--vectors")) sim_args.vectors = v;
            else if (!strcmp(a, "--op")) sim_args.op = v;
            else sim_args.stats = v;
            i++;
        }
        else if (!strcmp(a, "--quiet"))        { sim_args.quiet = true; }
        else if (!strcmp(a, "--help") || !strcmp(a, "-h")) { usage(stdout); exit(0); }
        else { usage(stderr); sim_die("unknown option '%s'", a); }
    }
    simm_create(argc, argv);
    if (sim_args.waves) {
        if (!simm_can_trace())
            sim_die("--waves: this model was built without tracing (the fast build profile); "
                    "build it with PROFILE=test (make sim ... WAVES=1 does)");
        simm_trace_open(sim_args.waves);
        tracing = 1;
        if (!sim_args.quiet)
            printf("%s: writing waveform to %s\n", sim_name, sim_args.waves);
    }
    simm_set_clk(0);
    simm_set_rst_n(1);
    simm_eval();
}

static int trace_now(void)
{
    return tracing && cycle >= sim_args.waves_from &&
           (sim_args.waves_to == 0 || cycle <= sim_args.waves_to);
}

void sim_eval(void)
{
    simm_eval();
}

static void watchdog_fire(const char *why)
{
    fprintf(stderr, "%s: WATCHDOG: %s at cycle %" PRIu64 " (last progress at cycle %" PRIu64 ")\n",
            sim_name, why, cycle, last_progress);
    if (watchdog_dump) {
        fprintf(stderr, "---- design state ----\n");
        watchdog_dump();
        fprintf(stderr, "----------------------\n");
    }
    n_fail++;
    printf("%s: FAILED (watchdog)\n", sim_name);
    printf("%" PRIu64 " passed, %" PRIu64 " failed\n", n_pass, n_fail);
    if (tracing)
        simm_trace_close();
    simm_destroy();
    exit(1);
}

void sim_step(void)
{
    simm_eval();
    if (trace_now())
        simm_trace_dump(2 * cycle);
    simm_set_clk(1);
    simm_eval();
    if (trace_now())
        simm_trace_dump(2 * cycle + 1);
    /* The falling edge is evaluated lazily (simm_eval evaluates only a changed model): with no
     * negedge logic it changes no output, and the next settle before the rising edge sees it. */
    simm_set_clk(0);
    cycle++;
    if (cycle >= sim_args.max_cycles)
        watchdog_fire("cycle limit (--max-cycles) reached");
    if (cycle - last_progress > sim_args.stall_cycles)
        watchdog_fire("no progress for --stall-cycles cycles (deadlock?)");
}

void sim_steps(uint64_t n)
{
    for (uint64_t i = 0; i < n; i++)
        sim_step();
}

void sim_reset(unsigned cycles)
{
    simm_set_rst_n(0);
    for (unsigned i = 0; i < cycles; i++)
        sim_step();
    simm_set_rst_n(1);
    simm_eval();
    sim_progress();
}

uint64_t sim_cycle(void)
{
    return cycle;
}

void sim_progress(void)
{
    last_progress = cycle;
}

void sim_on_watchdog(void (*dump)(void))
{
    watchdog_dump = dump;
}

void sim_trace_stop(void)
{
    if (tracing)
        simm_trace_close();
    tracing = 0;
}

static void report_failure(const char *fmt, va_list ap)
{
    if (n_fail <= SHOW_FAILURES) {
        printf("%s: MISMATCH: ", sim_name);
        vprintf(fmt, ap);
        putchar('\n');
        if (n_fail == SHOW_FAILURES)
            printf("%s: (further mismatches counted, not shown)\n", sim_name);
    }
}

bool sim_check_u32(bool ok, const char *fmt, ...)
{
    if (ok) {
        n_pass++;
        return true;
    }
    n_fail++;
    va_list ap;
    va_start(ap, fmt);
    report_failure(fmt, ap);
    va_end(ap);
    return false;
}

bool sim_check_eq(uint64_t got, uint64_t exp, const char *fmt, ...)
{
    if (got == exp) {
        n_pass++;
        return true;
    }
    n_fail++;
    if (n_fail <= SHOW_FAILURES) {
        va_list ap;
        va_start(ap, fmt);
        printf("%s: MISMATCH: got 0x%" PRIx64 ", expected 0x%" PRIx64 ": ", sim_name, got, exp);
        vprintf(fmt, ap);
        va_end(ap);
        putchar('\n');
    }
    return false;
}

void sim_fail(const char *fmt, ...)
{
    n_fail++;
    va_list ap;
    va_start(ap, fmt);
    report_failure(fmt, ap);
    va_end(ap);
}

uint64_t sim_passed(void) { return n_pass; }
uint64_t sim_failed(void) { return n_fail; }

int sim_finish(void)
{
    stats_set("cycles", cycle);
    if (!sim_args.quiet)
        stats_print(stdout);
    if (sim_args.stats)
        stats_write_json(sim_args.stats, sim_name);
    if (tracing)
        simm_trace_close();
    simm_destroy();
    stats_clear();
    int ok = n_fail == 0 && n_pass > 0;
    printf("%s: %s\n", sim_name, ok ? "PASSED" : n_pass == 0 && n_fail == 0 ? "FAILED (no checks ran)" : "FAILED");
    printf("%" PRIu64 " passed, %" PRIu64 " failed\n", n_pass, n_fail);
    return ok ? 0 : 1;
}
