/* Whole files and growable byte buffers: the one reader of the C tools (issue 18, "one of
 * each"; docs/layout.md). Used by the image loader, the runtime's SIMT program and
 * `vgiw-run --arg ...:file:`, the `__local` mover (vg_hoist.c), imgfuzz and the SIMT core's
 * testbench, so a missing, unreadable, directory or oversized file is refused the same way
 * everywhere, with the file's name in the message. */
#ifndef VGIW_VG_FILE_H
#define VGIW_VG_FILE_H

#include <stddef.h>
#include <stdint.h>

/* A growable byte buffer. Zero-initialise it ({0}); p is NULL until the first byte and, after
 * any vg_buf_put, always followed by one 0 byte (not counted in n), so text can be read as a
 * C string. Running out of memory sets oom, which stays set: later puts do nothing, and the
 * writer checks oom once at the end. */
typedef struct {
    uint8_t *p;
    size_t n, cap;
    int oom;
} vg_buf;

/* Appends n bytes of src; 0, or -1 (and oom set) when out of memory. */
int vg_buf_put(vg_buf *b, const void *src, size_t n);
/* Frees the bytes and clears the buffer. */
void vg_buf_free(vg_buf *b);

/* Reads the whole file at path into memory obtained from malloc (free it), followed by a 0
 * byte not counted in *len. At most max bytes are accepted. On failure returns NULL and
 * writes one of these messages to err (what names the file's role, e.g. "an image"):
 *   cannot open 'PATH': REASON
 *   'PATH' is a directory, not WHAT
 *   'PATH' is larger than MAX bytes, the most for WHAT
 *   cannot read 'PATH': REASON
 *   out of memory reading 'PATH' */
void *vg_read_file(const char *path, const char *what, size_t max, size_t *len, char *err, size_t errlen);

#endif
