/* Named statistics counters of a testbench run, printed as a table and written as JSON. */
#ifndef VGIW_STATS_H
#define VGIW_STATS_H

#include <stdint.h>
#include <stdio.h>

void stats_set(const char *name, uint64_t value);   /* creates or overwrites */
void stats_add(const char *name, uint64_t delta);   /* creates at 0, then adds */
uint64_t stats_get(const char *name);               /* 0 when absent */
void stats_print(FILE *f);
int  stats_write_json(const char *path, const char *run_name);  /* 0 on success */
void stats_clear(void);

#endif
