/* Named statistics counters (see stats.h). A handful of counters per run: a flat array
 * searched linearly keeps insertion order, which is also the printing order. */
#include "stats.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define STATS_MAX 256
#define STATS_NAME 64

static struct { char name[STATS_NAME]; uint64_t value; } table[STATS_MAX];
static int n_stats;

static int find(const char *name, int create)
{
    for (int i = 0; i < n_stats; i++)
        if (!strcmp(table[i].name, name))
            return i;
    if (!create || n_stats == STATS_MAX)
        return -1;
    snprintf(table[n_stats].name, STATS_NAME, "%s", name);
    table[n_stats].value = 0;
    return n_stats++;
}

void stats_set(const char *name, uint64_t value)
{
    int i = find(name, 1);
    if (i >= 0)
        table[i].value = value;
}

void stats_add(const char *name, uint64_t delta)
{
    int i = find(name, 1);
    if (i >= 0)
        table[i].value += delta;
}

uint64_t stats_get(const char *name)
{
    int i = find(name, 0);
    return i < 0 ? 0 : table[i].value;
}

void stats_print(FILE *f)
{
    for (int i = 0; i < n_stats; i++)
        fprintf(f, "  %-32s %12" PRIu64 "\n", table[i].name, table[i].value);
}

int stats_write_json(const char *path, const char *run_name)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "stats: cannot write %s\n", path);
        return -1;
    }
    fprintf(f, "{\n  \"run\": \"%s\",\n  \"counters\": {", run_name);
    for (int i = 0; i < n_stats; i++)
        fprintf(f, "%s\n    \"%s\": %" PRIu64, i ? "," : "", table[i].name, table[i].value);
    fprintf(f, "\n  }\n}\n");
    return fclose(f) == 0 ? 0 : -1;
}

void stats_clear(void)
{
    n_stats = 0;
}
