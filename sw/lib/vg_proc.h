/* Child processes and temporary directories of the C tools (docs/runtime.md, "Defences").
 *
 * Every child a tool starts (clang-19, gcc, vgiwcc, the forked native reference, the rtl
 * device process) is started through vgp_fork()/vgp_run(): it runs in its own process
 * group, gets SIGTERM when its parent dies (prctl PR_SET_PDEATHSIG, so not even a
 * SIGKILLed tool leaves one running; SIGTERM lets a child tool remove its own temporary
 * directory), and is waited for with a wall-clock limit after which its whole process
 * group is killed. Temporary directories are made by vgp_mkdtemp() and removed at exit.
 * vgp_init() makes SIGINT, SIGTERM, SIGHUP and SIGQUIT end every registered child's
 * process group (SIGTERM, up to 0.5 s, then SIGKILL) and remove every registered temporary
 * directory before the tool dies of the signal; the same happens at exit().
 */
#ifndef VGIW_VG_PROC_H
#define VGIW_VG_PROC_H

#include <stddef.h>
#include <sys/types.h>

/* Default wall-clock limit of a child, in seconds, unless VGIW_TIMEOUT says otherwise. */
#define VGP_TIMEOUT_DEFAULT 600u

/* Installs the signal handlers and the exit handler (idempotent). tool: for messages. */
void vgp_init(const char *tool);

/* The limit for children, seconds (0: none): vgp_set_timeout(), else $VGIW_TIMEOUT, else
 * VGP_TIMEOUT_DEFAULT. */
unsigned vgp_timeout(void);
void vgp_set_timeout(unsigned seconds);
/* Parses a timeout value ("600", "0"); 0 on success. */
int vgp_parse_timeout(const char *s, unsigned *out);

/* fork(): in the child, its own process group, SIGKILL on the parent's death, default
 * signal handling and no inherited registrations; in the parent, the child is registered
 * (killed by the signal and exit handlers) until vgp_wait() reaps it. */
pid_t vgp_fork(void);

/* Waits for pid for at most timeout_s seconds (0: no limit). Returns 0 with its wait status
 * in *status, 1 if the limit passed (its process group was killed and it was reaped), -1
 * on a wait error. Either way the child is no longer registered. */
int vgp_wait(pid_t pid, unsigned timeout_s, int *status);

/* Forgets a child reaped elsewhere; kills the process group of a registered child. */
void vgp_forget(pid_t pid);
void vgp_kill(pid_t pid);

/* Runs argv (argv[0] looked up in PATH) as a child with the limit vgp_timeout(); echoes the
 * command to stderr first when verbose. Returns its exit status, 128 + N if signal N killed
 * it, -1 if it could not be started, VGP_TIMED_OUT if the limit passed. */
#define VGP_TIMED_OUT (-2)
int vgp_run(char *const argv[], int verbose);
/* The same with the child's stderr written to the file errpath (created or truncated) when
 * errpath is not NULL. */
int vgp_run_stderr(char *const argv[], int verbose, const char *errpath);

/* mkdtemp of $TMPDIR/PREFIX-XXXXXX (else /tmp), registered for removal at exit or on a
 * signal. 0 on success (path in out), -1 (too long for out, or mkdtemp failed). */
int vgp_mkdtemp(const char *prefix, char *out, size_t len);
/* Removes the files of a (flat) temporary directory and the directory; unregisters it. */
void vgp_rmdir(const char *dir);

#endif
