/* Serial port transport of the host link (hostlink_serial.h). */
#define _DEFAULT_SOURCE
#include "hostlink_serial.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

static int ser_put(void *ctx, const uint8_t *buf, size_t n)
{
    hl_serial_t *s = ctx;
    while (n) {
        ssize_t k = write(s->fd, buf, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return -1;
        buf += k;
        n -= (size_t)k;
    }
    return 0;
}

static int ser_get(void *ctx, uint8_t *b)
{
    hl_serial_t *s = ctx;
    for (;;) {
        struct pollfd p = {.fd = s->fd, .events = POLLIN};
        int r = poll(&p, 1, (int)s->timeout_ms);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0 || !(p.revents & POLLIN))
            return -1;
        ssize_t k = read(s->fd, b, 1);
        if (k < 0 && errno == EINTR)
            continue;
        return k == 1 ? 0 : -1;
    }
}

static speed_t speed_of(unsigned baud)
{
    switch (baud) {
    case 9600: return B9600;
    case 19200: return B19200;
    case 38400: return B38400;
    case 57600: return B57600;
    case 115200: return B115200;
    case 230400: return B230400;
    case 460800: return B460800;
    case 921600: return B921600;
    case 1000000: return B1000000;
    case 2000000: return B2000000;
    case 3000000: return B3000000;
    default: return 0;
    }
}

int hl_serial_open(hl_serial_t *s, const char *path, unsigned baud, unsigned timeout_ms, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    s->fd = -1;
    speed_t sp = 0;
    if (baud && !(sp = speed_of(baud))) {
        snprintf(err, errlen, "%s: baud rate %u not supported", path, baud);
        return -1;
    }
    int fd = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    struct termios t;
    if (tcgetattr(fd, &t) != 0) {
        snprintf(err, errlen, "%s: not a terminal (%s)", path, strerror(errno));
        close(fd);
        return -1;
    }
    cfmakeraw(&t);
    t.c_cflag |= CLOCAL | CREAD;
    t.c_cflag &= ~(tcflag_t)(CSTOPB | PARENB | CRTSCTS);
    t.c_cc[VMIN] = 1;
    t.c_cc[VTIME] = 0;
    if (sp && (cfsetispeed(&t, sp) != 0 || cfsetospeed(&t, sp) != 0)) {
        snprintf(err, errlen, "%s: cannot set %u baud", path, baud);
        close(fd);
        return -1;
    }
    if (tcsetattr(fd, TCSANOW, &t) != 0) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        close(fd);
        return -1;
    }
    s->fd = fd;
    s->timeout_ms = timeout_ms ? timeout_ms : 1000;
    s->io = (hl_io_t){ser_put, ser_get, s};
    return 0;
}

void hl_serial_close(hl_serial_t *s)
{
    if (s->fd >= 0)
        close(s->fd);
    s->fd = -1;
}
