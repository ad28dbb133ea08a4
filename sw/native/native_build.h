/* Native golden execution, host side (docs/compiler.md, "Native golden execution"):
 * build an OpenCL C kernel source into a shared object for the host and run it in a
 * forked child. One implementation for clcheck, vgiw-run and the apps host library.
 *
 * The shared object holds the kernel compiled by clang-19 for x86-64, one generated
 * wrapper per kernel (vgnb_entry_<kernel>: unpacks an argument array and calls the
 * kernel, the calling convention of vgn_run()) and the work-item shim
 * (vgiw_native_shim.o, vgiw_native.h). Nothing here exits or prints (except the
 * command echo of verbose builds): every failure is a VGNB_ERR_* code and a message.
 */
#ifndef VGIW_NATIVE_BUILD_H
#define VGIW_NATIVE_BUILD_H

#include <stddef.h>
#include <stdint.h>

#include "vgiw_image.h"

enum {
    VGNB_OK = 0,
    VGNB_ERR_CLANG = -1,     /* clang-19 failed on the kernel source */
    VGNB_ERR_IO = -2,        /* the wrapper source could not be written */
    VGNB_ERR_WRAPPER = -3,   /* the wrapper did not compile */
    VGNB_ERR_LINK = -4,      /* linking the shared object failed */
    VGNB_ERR_FORK = -5,      /* no child process (or no shared memory for its report) */
    VGNB_ERR_LOAD = -6,      /* dlopen() or a symbol of the shared object failed */
    VGNB_ERR_KERNEL = -7,    /* vgn_run() refused: bad NDRange, barrier divergence, ... */
    VGNB_ERR_CRASH = -8,     /* the kernel killed the child (signal) */
    VGNB_ERR_EXIT = -9,      /* the child exited otherwise (e.g. the kernel called exit) */
    VGNB_ERR_TIMEOUT = -10,  /* the child ran past the time limit (vgp_timeout()) and was killed */
};

/* Runs argv (argv[0] looked up in PATH) as a child of vg_proc.h (own process group, killed
 * with the caller, killed after vgp_timeout() seconds) and waits for it; echoes the command line to
 * stderr first when verbose. Returns its exit status, 128 + N if signal N killed it,
 * -1 if it could not be started (a timed-out child: 128 + 9). */
int vgnb_run_cmd(char *const argv[], int verbose);

/* Runs a compiler (vgiwcc, vgiw-simtcc) as vgnb_run_cmd does, with the arguments fixed[0..nfixed)
 * (fixed[0] the program) followed by extra[0..nextra) (the caller's -D options); -1 when out of
 * memory. */
int vgnb_run_tool(const char *const fixed[], int nfixed, char *const extra[], int nextra, int verbose);

/* The C type of a scalar kernel argument of image type t (VG_T_*; others: int). */
const char *vgnb_ctype(uint8_t t);

/* The shim object as installed relative to a tools directory: BINDIR/../native (plain
 * build/sw/bin), else BINDIR/../../native (build/sw/asan/bin). */
void vgnb_shim_path(const char *bindir, char *out, size_t len);

typedef struct {
    const char *src;               /* the OpenCL C file */
    const vg_kernel *kernels;      /* a wrapper for each (argument types from the image) */
    uint32_t nkernels;
    const char *shim;              /* vgiw_native_shim.o */
    const char *const *defs;       /* NULL-terminated -DNAME[=VAL] options for clang, or NULL */
    const char *tmpdir;            /* existing directory for the files (vgnb_clean removes them) */
    int verbose;                   /* echo each command to stderr */
} vgnb_build_opts;

/* Builds TMPDIR/k.so and writes its path to so. Returns VGNB_OK or a VGNB_ERR_* code
 * with a message in err (no prefix; the caller adds its own). */
int vgnb_build(const vgnb_build_opts *o, char *so, size_t solen, char *err, size_t errlen);

/* Removes the files vgnb_build() writes in tmpdir (not the directory). */
void vgnb_clean(const char *tmpdir);

/* Runs kernel of the shared object so over the NDRange in a forked child (vgp_fork: own
 * process group, dies with the caller, killed after vgp_timeout() seconds), so that a
 * crashing or endless kernel cannot take the caller down. args[i] points to buffer i's contents
 * or to a scalar: buffers must be shared mappings (mmap MAP_SHARED | MAP_ANONYMOUS) for
 * the kernel's writes to reach the caller. Returns VGNB_OK or a VGNB_ERR_* code with a
 * message in err. */
int vgnb_run(const char *so, const char *kernel, void **args, const uint32_t global[3], const uint32_t local[3],
             char *err, size_t errlen);

#endif
