/* Native golden execution: the shim linked with a kernel compiled by clang-19 for the
 * host (docs/compiler.md, "Native golden execution").
 *
 * The kernel object, a generated wrapper per kernel (vgnb_entry_<kernel>(), which unpacks
 * the argument array and calls the kernel) and this shim are linked into one shared
 * object by native_build.c, which dlopen()s it in a forked child and calls vgn_run(). Work-groups run one after another; the
 * work-items of a group each get a ucontext, and barrier() switches to the next
 * work-item, so every work-item reaches the barrier before any passes it.
 */
#ifndef VGIW_NATIVE_H
#define VGIW_NATIVE_H

#include <stddef.h>
#include <stdint.h>

typedef void (*vgn_entry_fn)(void **args);

/* Returns 0, or -1 with a message (bad NDRange, barrier divergence, out of memory). */
int vgn_run(vgn_entry_fn entry, void **args, const uint32_t global[3], const uint32_t local[3],
            char *err, size_t errlen);
typedef int (*vgn_run_fn)(vgn_entry_fn, void **, const uint32_t *, const uint32_t *, char *, size_t);

#endif
