/* vgiw-objdump: print a VGIW image readably (docs/image-format.md). */
#include <stdio.h>
#include <string.h>

#include "vgiw_image.h"

int main(int argc, char **argv)
{
    if (argc != 2 || argv[1][0] == '-') {
        fprintf(stderr, "usage: vgiw-objdump IMAGE.vgiw\n");
        return 2;
    }
    vg_image img;
    char err[512];
    if (vg_image_load(argv[1], &img, err, sizeof err)) {
        fprintf(stderr, "vgiw-objdump: %s: %s\n", argv[1], err);
        return 1;
    }
    vg_image_dump(stdout, &img);
    vg_image_free(&img);
    return 0;
}
