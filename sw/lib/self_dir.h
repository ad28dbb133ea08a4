/* Where the running program is: the tools, the shim and the RTL device are found relative to
 * it, so a build tree works wherever it is cloned (docs/runtime.md). */
#ifndef VGIW_SELF_DIR_H
#define VGIW_SELF_DIR_H

#include <stddef.h>

/* Writes the directory of the running executable to out (no trailing '/'). Returns 0, or -1
 * (out empty) when it cannot be found or does not fit. */
int vg_self_dir(char *out, size_t len);

#endif
