/* Directory of the running executable (sw/lib/self_dir.h), from Linux's /proc/self/exe. */
#define _DEFAULT_SOURCE
#include "self_dir.h"

#include <limits.h>
#include <string.h>
#include <unistd.h>

int vg_self_dir(char *out, size_t len)
{
    char self[PATH_MAX];
    if (len)
        out[0] = 0;
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0)
        return -1;
    self[n] = 0;
    char *s = strrchr(self, '/');
    if (!s)
        return -1;
    *s = 0;
    if (strlen(self) + 1 > len)
        return -1;
    memcpy(out, self, strlen(self) + 1);
    return 0;
}
