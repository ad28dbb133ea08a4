/* vgiw-objdump: print a VGIW image readably (docs/image-format.md). */
#include <stdio.h>
#include <string.h>

#include "vg_args.h"
#include "vgiw_image.h"

static void usage_lines(FILE *f) { fprintf(f, "usage: vgiw-objdump IMAGE.vgiw\n"); }

int main(int argc, char **argv)
{
    const char *path = NULL;
    vga_t P;
    vga_init(&P, "vgiw-objdump", argc, argv, usage_lines);
    while (vga_next(&P)) {
        if (vga_is(&P, "-h") || vga_is(&P, "--help")) {
            usage_lines(stdout);
            return 0;
        } else if (!vga_positional(&P)) vga_unknown(&P);
        else if (path) vga_fail(&P, "more than one image ('%s', '%s')", path, P.arg);
        else path = P.arg;
    }
    if (!path)
        vga_fail(&P, "no image file");
    vg_image img;
    char err[512];
    if (vg_image_load(path, &img, err, sizeof err)) {
        fprintf(stderr, "vgiw-objdump: %s: %s\n", path, err);
        return 1;
    }
    vg_image_dump(stdout, &img);
    vg_image_free(&img);
    return 0;
}
