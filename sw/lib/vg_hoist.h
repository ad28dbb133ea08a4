/* clang-19 on an OpenCL C source, with `__local` declarations of inner scopes moved to the
 * kernel's outermost scope (docs/compiler.md "Extension: `__local` in inner scopes").
 *
 * OpenCL C 1.2 §6.5.2 allows `__local` variables only in the outermost scope of a kernel;
 * vendor compilers accept them in inner blocks too and Rodinia 3.1 relies on it (lavaMD).
 * A `__local` variable without initializer has work-group lifetime wherever it is declared,
 * so moving its declaration to the top of the kernel keeps the meaning, provided every use
 * still names it: the name is renamed in its block when it also appears outside it, and the
 * move is refused (clang's located error stands, with a note saying why) when that cannot
 * be made safe. vgiwcc, native execution (native_build.c) and vgiw-simtcc use it, so every
 * engine compiles the same source. */
#ifndef VGIW_VG_HOIST_H
#define VGIW_VG_HOIST_H

#include <stddef.h>

/* Runs clang (argv as for vgp_run; argv[src_i] is the OpenCL C source). When clang fails
 * and each error it reports is §6.5.2's "variables in the local address space can only be
 * declared in the outermost scope of a kernel function" in that source, writes the source
 * with those declarations moved to dir/hoisted.cl (a `#line` directive keeps the file name
 * and line numbers of messages and debug information) and runs clang on it instead; a note
 * on stderr names each declaration moved, with its location. Otherwise clang's messages
 * are passed on unchanged, and notes say why a move was refused. Returns like vgp_run.
 * tool: the prefix of the notes (NULL: no notes on the moves). dir: an existing temporary directory (vg_proc.h). */
int vgh_run_clang(char **argv, int src_i, const char *dir, const char *tool, int verbose);

/* The front end both OpenCL compilers share (vgiwcc, vgiw-simtcc: docs/compiler.md "clang
 * flags"), so both cores start from the same LLVM IR: clang's command line (clang, bitcode to
 * out, then the extra -D/-I options, with no_loop_idioms LLVM's loop idiom recognition off, and
 * src last, at *src_i) as a NULL-terminated array from calloc (free it; NULL when out of
 * memory). fp64 0: the device's view, without cl_khr_fp64 (an unsuffixed literal is a float,
 * the type double a located clang error); 1: with it, only to find kernels that exist only
 * under cl_khr_fp64 (vgh_fp64_only). */
char **vgh_front_end(const char *clang, int fp64, const char *out, const char *const *extra, int nextra,
                     int no_loop_idioms, const char *src, int *src_i);

/* For a .cl file that has no kernel without cl_khr_fp64 but nk with it (Rodinia's
 * particle_double.cl puts them all inside `#if defined(cl_khr_fp64)`): writes the located
 * error both compilers give, "SRC:LINE: error: unsupported: double precision: ...", LINE the
 * first preprocessor conditional naming cl_khr_fp64 (1 if none is found). */
void vgh_fp64_only(char *msg, size_t len, const char *src, int nk);

#endif
