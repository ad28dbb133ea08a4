/* Child processes and temporary directories of the C tools (vg_proc.h). */
#define _GNU_SOURCE
#include "vg_proc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

#define MAX_KIDS 64
#define MAX_DIRS 16

/* Written by the tool, read by the signal handler: plain arrays, no allocation. */
static volatile pid_t kids[MAX_KIDS];
static char dirs[MAX_DIRS][PATH_MAX];
static volatile int ndirs_used[MAX_DIRS];
static long timeout_set = -1;
static int inited;

static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };

/* Removes the regular files of a flat directory and the directory, with system calls only
 * (async-signal-safe: the signal handler calls it). */
static void rm_tree(const char *dir, int depth)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        char buf[4096];
        /* passes until a pass finds nothing to remove (a bound: the directories are nearly flat) */
        for (int pass = 0; pass < 64; pass++) {
            int removed = 0;
            long n;
            lseek(fd, 0, SEEK_SET);
            while ((n = syscall(SYS_getdents64, fd, buf, sizeof buf)) > 0)
                for (long at = 0; at < n;) {
                    struct dent { unsigned long long ino; long long off; unsigned short reclen; unsigned char type;
                                  char name[]; } *e = (struct dent *)(void *)(buf + at);
                    if (!strcmp(e->name, ".") || !strcmp(e->name, "..")) {
                        at += e->reclen;
                        continue;
                    }
                    if (e->type == DT_DIR && depth < 2) {   /* one folder of its own (vg_hoist's copy) */
                        char sub[PATH_MAX];
                        if ((size_t)snprintf(sub, sizeof sub, "%s/%s", dir, e->name) < sizeof sub)
                            rm_tree(sub, depth + 1);
                        removed += faccessat(fd, e->name, F_OK, 0) != 0;
                    } else if (unlinkat(fd, e->name, 0) == 0)
                        removed++;
                    at += e->reclen;
                }
            if (!removed)
                break;
        }
        close(fd);
    }
    rmdir(dir);
}

static void rm_flat(const char *dir)
{
    rm_tree(dir, 0);
}

/* SIGTERM to every child's process group, up to half a second for them to go (a child
 * tool such as vgiwcc removes its own temporary directory on SIGTERM), then SIGKILL to what
 * is left; every child is reaped. System calls only: the signal handler calls it. */
static void kill_all(void)
{
    int left = 0;
    for (int i = 0; i < MAX_KIDS; i++)
        if (kids[i] > 0) {
            kill(-kids[i], SIGTERM);
            kill(kids[i], SIGTERM);
            left++;
        }
    for (int t = 0; left && t < 50; t++) {
        struct timespec ts = { 0, 10 * 1000 * 1000 };
        nanosleep(&ts, NULL);
        left = 0;
        for (int i = 0; i < MAX_KIDS; i++)
            if (kids[i] > 0) {
                if (waitpid(kids[i], NULL, WNOHANG) == kids[i])
                    kids[i] = 0;
                else
                    left++;
            }
    }
    for (int i = 0; i < MAX_KIDS; i++)
        if (kids[i] > 0) {
            kill(-kids[i], SIGKILL);
            kill(kids[i], SIGKILL);
            waitpid(kids[i], NULL, 0);
            kids[i] = 0;
        }
}

static void remove_dirs(void)
{
    for (int i = 0; i < MAX_DIRS; i++)
        if (ndirs_used[i]) {
            rm_flat(dirs[i]);
            ndirs_used[i] = 0;
        }
}

static void on_signal(int sig)
{
    kill_all();
    remove_dirs();
    signal(sig, SIG_DFL);
    raise(sig);
}

static void on_exit_(void)
{
    kill_all();   /* children still registered at exit */
    remove_dirs();
}

void vgp_init(const char *tool)
{
    (void)tool;
    if (inited)
        return;
    inited = 1;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        struct sigaction old;
        /* a signal ignored by whoever started the tool (nohup) stays ignored */
        if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
            continue;
        sigaction(sigs[i], &sa, NULL);
    }
    atexit(on_exit_);
}

int vgp_parse_timeout(const char *s, unsigned *out)
{
    char *end;
    errno = 0;
    if (!s || !*s || *s == '-' || *s == '+')
        return -1;
    unsigned long v = strtoul(s, &end, 10);
    if (*end || errno || v > 30u * 24 * 3600)
        return -1;
    *out = (unsigned)v;
    return 0;
}

unsigned vgp_timeout(void)
{
    if (timeout_set >= 0)
        return (unsigned)timeout_set;
    unsigned v;
    const char *e = getenv("VGIW_TIMEOUT");
    if (e && *e && vgp_parse_timeout(e, &v) == 0)
        return v;
    return VGP_TIMEOUT_DEFAULT;
}

void vgp_set_timeout(unsigned seconds) { timeout_set = seconds; }

static void add_kid(pid_t pid)
{
    for (int i = 0; i < MAX_KIDS; i++)
        if (kids[i] == 0) {
            kids[i] = pid;
            return;
        }
}

void vgp_forget(pid_t pid)
{
    for (int i = 0; i < MAX_KIDS; i++)
        if (kids[i] == pid)
            kids[i] = 0;
}

void vgp_kill(pid_t pid)
{
    if (pid > 0) {
        kill(-pid, SIGKILL);
        kill(pid, SIGKILL);
    }
}

pid_t vgp_fork(void)
{
    pid_t parent = getpid();
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        setpgid(0, 0);
        /* SIGTERM rather than SIGKILL: a child tool (vgiwcc) still removes its temporary
         * directory; every child dies of it (default disposition, or a vg_proc handler
         * that cleans up and dies) */
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (getppid() != parent)   /* the parent died before prctl took effect */
            _exit(127);
        for (int i = 0; i < MAX_KIDS; i++)
            kids[i] = 0;
        for (int i = 0; i < MAX_DIRS; i++)
            ndirs_used[i] = 0;   /* the parent's directories are the parent's to remove */
        for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
            struct sigaction old;
            if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == on_signal)
                signal(sigs[i], SIG_DFL);
        }
        return 0;
    }
    if (pid > 0) {
        setpgid(pid, pid);   /* also here: no window in which a signal misses the group */
        add_kid(pid);
    }
    return pid;
}

int vgp_wait(pid_t pid, unsigned timeout_s, int *status)
{
    struct timespec t0, now;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    long nap_us = 200;
#ifdef SYS_pidfd_open
    /* a pidfd becomes readable when the child exits: no polling delay (Linux 5.3+; else
     * the WNOHANG loop below) */
    int pfd = timeout_s ? (int)syscall(SYS_pidfd_open, pid, 0) : -1;
    if (pfd >= 0) {
        struct pollfd pf = { pfd, POLLIN, 0 };
        long long left_ms = (long long)timeout_s * 1000;
        int r;
        while ((r = poll(&pf, 1, left_ms > 1000000000 ? 1000000000 : (int)left_ms)) < 0 && errno == EINTR) {
            clock_gettime(CLOCK_MONOTONIC, &now);
            left_ms = (long long)timeout_s * 1000 - ((now.tv_sec - t0.tv_sec) * 1000 + (now.tv_nsec - t0.tv_nsec) / 1000000);
            if (left_ms < 0)
                left_ms = 0;
        }
        close(pfd);
        if (r == 0) {   /* the limit passed */
            vgp_kill(pid);
            while (waitpid(pid, status, 0) < 0 && errno == EINTR)
                ;
            vgp_forget(pid);
            return 1;
        }
        /* exited (or poll failed): the loop below reaps it */
    }
#endif
    for (;;) {
        pid_t w = waitpid(pid, status, timeout_s ? WNOHANG : 0);
        if (w == pid) {
            vgp_forget(pid);
            return 0;
        }
        if (w < 0 && errno != EINTR) {
            vgp_forget(pid);
            return -1;
        }
        if (w == 0) {
            clock_gettime(CLOCK_MONOTONIC, &now);
            double el = (double)(now.tv_sec - t0.tv_sec) + (double)(now.tv_nsec - t0.tv_nsec) * 1e-9;
            if (el >= (double)timeout_s) {
                vgp_kill(pid);
                while (waitpid(pid, status, 0) < 0 && errno == EINTR)
                    ;
                vgp_forget(pid);
                return 1;
            }
            struct timespec ts = { 0, nap_us * 1000 };
            nanosleep(&ts, NULL);
            if (nap_us < 20000)
                nap_us *= 2;
        }
    }
}

int vgp_run(char *const argv[], int verbose)
{
    return vgp_run_stderr(argv, verbose, NULL);
}

int vgp_run_stderr(char *const argv[], int verbose, const char *errpath)
{
    if (verbose) {
        for (int i = 0; argv[i]; i++)
            fprintf(stderr, "%s ", argv[i]);
        fputc('\n', stderr);
    }
    int ep[2];   /* close-on-exec pipe: tells the parent whether exec worked */
    if (pipe2(ep, O_CLOEXEC))
        return -1;
    pid_t pid = vgp_fork();
    if (pid < 0) {
        close(ep[0]);
        close(ep[1]);
        return -1;
    }
    if (pid == 0) {
        close(ep[0]);
        if (errpath) {
            int fd = open(errpath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
            if (fd < 0 || dup2(fd, 2) < 0) {
                int e = errno;
                if (write(ep[1], &e, sizeof e) < 0) { /* nothing more to say */ }
                _exit(127);
            }
        }
        execvp(argv[0], argv);
        int e = errno;
        if (write(ep[1], &e, sizeof e) < 0) { /* nothing more to say */ }
        _exit(127);
    }
    close(ep[1]);
    int e = 0;
    ssize_t got;
    while ((got = read(ep[0], &e, sizeof e)) < 0 && errno == EINTR)
        ;
    close(ep[0]);
    int st = 0, rc = vgp_wait(pid, vgp_timeout(), &st);
    if (got > 0 || rc < 0)
        return -1;
    if (rc == 1)
        return VGP_TIMED_OUT;
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
}

int vgp_mkdtemp(const char *prefix, char *out, size_t len)
{
    const char *td = getenv("TMPDIR");
    int n = snprintf(out, len, "%s/%s-XXXXXX", td && *td ? td : "/tmp", prefix);
    if (n < 0 || (size_t)n >= len) {
        if (len)
            out[0] = 0;
        errno = ENAMETOOLONG;
        return -1;
    }
    if (!mkdtemp(out)) {
        out[0] = 0;
        return -1;
    }
    for (int i = 0; i < MAX_DIRS; i++)
        if (!ndirs_used[i]) {
            snprintf(dirs[i], sizeof dirs[i], "%s", out);
            ndirs_used[i] = 1;
            break;
        }
    return 0;
}

void vgp_rmdir(const char *dir)
{
    if (!dir || !dir[0])
        return;
    for (int i = 0; i < MAX_DIRS; i++)
        if (ndirs_used[i] && !strcmp(dirs[i], dir))
            ndirs_used[i] = 0;
    rm_flat(dir);
}
