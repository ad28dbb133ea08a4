/* imgfuzz: bounded fuzzing of the image loader and the interpreter.
 *
 *   imgfuzz IMAGE.vgiw [--iters N] [--seed S]
 *
 * Mutates a valid image (random truncation, byte flips with and without a repaired
 * checksum, random garbage) and loads each mutant; mutants that load are run in the
 * interpreter over a small NDRange with a step limit. Either outcome is fine; crashing
 * (or a sanitizer report, when built with ASan/UBSan) is not. Prints what happened.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "interp.h"
#include "vg_file.h"
#include "vgiw_image.h"

static uint64_t st = 88172645463325252ull;
static uint64_t rnd(void)
{
    st ^= st << 13;
    st ^= st >> 7;
    st ^= st << 17;
    return st;
}

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: imgfuzz IMAGE.vgiw [--iters N] [--seed S]\n");
        return 2;
    }
    long iters = 2000;
    for (int i = 2; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--iters")) iters = atol(argv[i + 1]);
        else if (!strcmp(argv[i], "--seed")) st = strtoull(argv[i + 1], NULL, 10) * 2654435761ull + 1;
    }
    vg_image img;
    char err[512];
    size_t n;
    /* a seed of at most 1 MiB keeps each of the iterations cheap */
    uint8_t *orig = vg_read_file(argv[1], "a seed image", (size_t)1 << 20, &n, err, sizeof err);
    if (!orig) {
        fprintf(stderr, "imgfuzz: %s\n", err);
        return 2;
    }
    if (vg_image_read(orig, n, &img, err, sizeof err)) {
        fprintf(stderr, "imgfuzz: the seed image does not load: %s\n", err);
        free(orig);
        return 1;
    }
    vg_image_free(&img);
    uint8_t *buf = malloc(n + 64);
    long loaded = 0, rejected = 0, ran = 0, run_errors = 0;
    static uint8_t mem[4][4096];
    for (long it = 0; it < iters; it++) {
        size_t len = n;
        memcpy(buf, orig, n);
        int kind = (int)(rnd() % 4);
        if (kind == 0) {
            len = (size_t)(rnd() % n);
        } else if (kind == 1 || kind == 2) {
            int flips = 1 + (int)(rnd() % 8);
            for (int i = 0; i < flips; i++) {
                size_t at = (size_t)(rnd() % n);
                buf[at] ^= (uint8_t)(1u << (rnd() % 8));
                if (rnd() % 4 == 0)
                    buf[at] = (uint8_t)rnd();
            }
            if (kind == 2 && len >= VG_HEADER_BYTES) {
                /* keep magic/size valid and repair the checksum: exercises the structural checks */
                memcpy(buf, orig, 12);
                put32(buf + 12, vg_crc32(buf + 16, len - 16));
            }
        } else {
            len = (size_t)(rnd() % (n + 64));
            for (size_t i = 0; i < len; i++)
                buf[i] = (uint8_t)rnd();
            if (len >= 4 && rnd() % 2)
                memcpy(buf, "VGIW", 4);
        }
        if (vg_image_read(buf, len, &img, err, sizeof err)) {
            rejected++;
            continue;
        }
        loaded++;
        for (uint32_t ki = 0; ki < img.nkernels; ki++) {
            const vg_kernel *k = &img.kernels[ki];
            vi_region regs[4];
            uint32_t args[VG_SRC_ARG_MAX] = { 0 };
            vi_memory m = { regs, 0 };
            for (int r = 0; r < 4; r++)
                regs[m.n++] = (vi_region){ 0x10000u * (uint32_t)(r + 1), sizeof mem[r], mem[r], "buf" };
            /* buffers, structs by value and 64-bit scalars live in memory; __local pointer
             * arguments get 64 bytes each (vg_local_layout) */
            uint32_t lbytes[VG_SRC_ARG_MAX] = { 0 }, stride = 0;
            for (uint32_t a = 0; a < k->nargs && a < VG_SRC_ARG_MAX; a++) {
                int mem_arg = k->args[a].kind == VG_ARG_BUFFER || k->args[a].kind == VG_ARG_STRUCT
                              || (k->args[a].kind == VG_ARG_SCALAR && k->args[a].elem_size == 8);
                args[a] = mem_arg ? 0x10000u * (a % 4 + 1) : 3;
                lbytes[a] = 64;
            }
            if (k->nargs <= VG_SRC_ARG_MAX && vg_local_layout(k, lbytes, args, &stride, err, sizeof err))
                stride = 0;
            vi_launch L = { .global = { 8, 1, 1 }, .local = { 4, 1, 1 }, .args = args, .mem = &m,
                            .local_stride = stride, .random_order = (int)(it & 1), .seed = (uint64_t)it,
                            .max_steps = 200000 };
            ran++;
            if (vi_run(k, &L, err, sizeof err))
                run_errors++;
            /* and the placed-and-routed configurations, when every block has one */
            int all_pnr = 1;
            for (uint32_t b = 0; b < k->nblocks; b++)
                all_pnr &= k->blocks[b].pnr.nwords != 0;
            L.pnr_preset = vgiw_preset_find(img.config);
            if (all_pnr && L.pnr_preset) {
                ran++;
                if (vi_run(k, &L, err, sizeof err))
                    run_errors++;
            }
        }
        vg_image_free(&img);
    }
    free(buf);
    free(orig);
    printf("imgfuzz: %ld mutants: %ld rejected by the loader, %ld loaded (%ld kernel runs, %ld stopped with an error)\n",
           iters, rejected, loaded, ran, run_errors);
    return 0;
}
