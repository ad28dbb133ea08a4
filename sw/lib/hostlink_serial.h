/* A serial port (or pseudo-terminal) as the byte transport of the host link (hostlink.h,
 * docs/fpga.md): raw 8N1, a reply timeout per byte. */
#ifndef VGIW_HOSTLINK_SERIAL_H
#define VGIW_HOSTLINK_SERIAL_H
#include <stddef.h>
#include "hostlink.h"

typedef struct hl_serial {
    int fd;
    unsigned timeout_ms;
    hl_io_t io;
} hl_serial_t;

/* Opens `path` raw at `baud` (0: leave the speed alone, e.g. a pseudo-terminal); each byte of
 * a reply is waited for at most timeout_ms. Returns 0, or -1 with a message in err. */
int hl_serial_open(hl_serial_t *s, const char *path, unsigned baud, unsigned timeout_ms, char *err, size_t errlen);
void hl_serial_close(hl_serial_t *s);
#endif
