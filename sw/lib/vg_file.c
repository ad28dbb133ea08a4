/* Whole files and growable byte buffers (vg_file.h). */
#define _POSIX_C_SOURCE 200809L
#include "vg_file.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int vg_buf_put(vg_buf *b, const void *src, size_t n)
{
    if (b->oom)
        return -1;
    if (n > SIZE_MAX / 2 - b->n - 1) {
        b->oom = 1;
        return -1;
    }
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->n + n + 1)
            cap *= 2;
        uint8_t *q = realloc(b->p, cap);
        if (!q) {
            b->oom = 1;
            return -1;
        }
        b->p = q;
        b->cap = cap;
    }
    if (n)
        memcpy(b->p + b->n, src, n);
    b->n += n;
    b->p[b->n] = 0;
    return 0;
}

void vg_buf_free(vg_buf *b)
{
    free(b->p);
    memset(b, 0, sizeof *b);
}

static void *fail(FILE *f, vg_buf *b, char *err, size_t errlen, const char *fmt, ...)
{
    if (f)
        fclose(f);
    if (b)
        vg_buf_free(b);
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return NULL;
}

void *vg_read_file(const char *path, const char *what, size_t max, size_t *len, char *err, size_t errlen)
{
    *len = 0;
    FILE *f = fopen(path, "rb");
    if (!f)
        return fail(NULL, NULL, err, errlen, "cannot open '%s': %s", path, strerror(errno));
    /* fopen succeeds on a directory; reading it fails with a less helpful EISDIR */
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode))
        return fail(f, NULL, err, errlen, "'%s' is a directory, not %s", path, what);
    vg_buf b = { 0 };
    uint8_t chunk[65536];
    size_t got;
    while ((got = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (got > max - b.n)   /* a pipe or device has no size: counted, not asked */
            return fail(f, &b, err, errlen, "'%s' is larger than %zu bytes, the most for %s", path, max, what);
        if (vg_buf_put(&b, chunk, got))
            return fail(f, &b, err, errlen, "out of memory reading '%s'", path);
    }
    if (ferror(f))
        return fail(f, &b, err, errlen, "cannot read '%s': %s", path, strerror(errno));
    fclose(f);
    if (!b.p && vg_buf_put(&b, "", 0))   /* an empty file: still one 0 byte */
        return fail(NULL, &b, err, errlen, "out of memory reading '%s'", path);
    *len = b.n;
    return b.p;
}
