/* The runtime's simt backend (docs/runtime.md "The simt device", docs/simt.md "Kernels"):
 * vgiw-simtcc ELF programs on the SIMT core's Verilator model (device process vgiw-simt).
 *
 * Device memory: buffers as on the rtl backend (vgiw_rt.c), then in the system area the run
 * block and the launch block (sw/simtcc/simt_launch.h), the per-thread areas, the program at
 * SIMT_TEXT_BASE (written when a launch uses another program than the last one) and the
 * __local pointer arguments of the running work-group at SIMT_LOCAL_BASE. */
#define _GNU_SOURCE
#include "vrt_simt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../simtcc/simt_launch.h"
#include "vg_file.h"
#include "vgiw_core_map.h"

/* a SIMT program is a few KiB to a few hundred KiB; 64 MiB is far beyond any core memory */
#define VRT_SIMT_FILE_MAX ((size_t)64 << 20)

typedef struct {
    uint32_t vaddr, filesz, memsz, flags;
    uint8_t *data;
} simt_seg;

struct vrt_simt_prog {
    int nseg;
    simt_seg seg[8];
    uint32_t entry, code_lo, code_hi;
    int nk;
    uint32_t kentry[64], kflags[64];
};

static uint32_t rd32(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }
static uint16_t rd16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }

void vrt_simt_free(vrt_simt_prog *prog)
{
    if (!prog)
        return;
    for (int i = 0; i < prog->nseg; i++)
        free(prog->seg[i].data);
    free(prog);
}

/* a string of the kinfo section: length word, bytes padded to words */
static int kstr(const uint8_t *s, size_t n, size_t *at, char *out, size_t cap)
{
    if (*at + 4 > n)
        return -1;
    uint32_t len = rd32(s + *at);
    *at += 4;
    if (len >= cap || *at + ((len + 3) & ~3u) > n)
        return -1;
    memcpy(out, s + *at, len);
    out[len] = 0;
    *at += (len + 3) & ~3u;
    return 0;
}

int vrt_simt_load(const char *path, const char *config, vg_image *img, vrt_simt_prog **out, char *err,
                  size_t errlen)
{
    memset(img, 0, sizeof *img);
    *out = NULL;
    size_t n;
    char why[600];
    uint8_t *b = vg_read_file(path, "a SIMT program", VRT_SIMT_FILE_MAX, &n, why, sizeof why);
    if (!b)
        return snprintf(err, errlen, "%s (vgiw-simtcc writes SIMT programs)", why), -1;
    vrt_simt_prog *P = calloc(1, sizeof *P);
    int rc = -1;
#define BAD(...) do { snprintf(err, errlen, __VA_ARGS__); goto out; } while (0)
    if (!P)
        BAD("out of memory");
    if (n < 52 || memcmp(b, "\177ELF", 4))
        BAD("%s: not an ELF file (a SIMT program is the output of vgiw-simtcc; a .vgiw image runs on the rtl "
            "and interp engines)", path);
    if (b[4] != 1 || b[5] != 1 || rd16(b + 18) != 243 || rd16(b + 16) != 2)
        BAD("%s: not a 32-bit little-endian RISC-V executable", path);
    uint32_t phoff = rd32(b + 28), shoff = rd32(b + 32);
    uint16_t phent = rd16(b + 42), phnum = rd16(b + 44), shent = rd16(b + 46), shnum = rd16(b + 48),
             shstr = rd16(b + 50);
    P->entry = rd32(b + 24);
    if (phent < 32 || (uint64_t)phoff + (uint64_t)phent * phnum > n || shent < 40 ||
        (uint64_t)shoff + (uint64_t)shent * shnum > n || shstr >= shnum)
        BAD("%s: truncated or malformed ELF headers", path);
    P->code_lo = 0xFFFFFFFFu;
    for (unsigned i = 0; i < phnum; i++) {
        const uint8_t *ph = b + phoff + (size_t)i * phent;
        if (rd32(ph) != 1)   /* PT_LOAD */
            continue;
        if (P->nseg == 8)
            BAD("%s: more than 8 loadable segments", path);
        simt_seg *s = &P->seg[P->nseg++];
        uint32_t off = rd32(ph + 4);
        s->vaddr = rd32(ph + 8);
        s->filesz = rd32(ph + 16);
        s->memsz = rd32(ph + 20);
        s->flags = rd32(ph + 24);
        if ((uint64_t)off + s->filesz > n || s->memsz < s->filesz || s->vaddr < SIMT_TEXT_BASE ||
            (uint64_t)s->vaddr + s->memsz > SIMT_LOCAL_BASE)
            BAD("%s: segment at %08x of %u bytes outside the program area [%08x, %08x)", path, s->vaddr, s->memsz,
                SIMT_TEXT_BASE, SIMT_LOCAL_BASE);
        s->data = malloc(s->filesz ? s->filesz : 1);
        if (!s->data)
            BAD("out of memory");
        memcpy(s->data, b + off, s->filesz);
        if (s->flags & 1) {   /* PF_X */
            if (s->vaddr < P->code_lo)
                P->code_lo = s->vaddr;
            if (s->vaddr + s->memsz > P->code_hi)
                P->code_hi = (s->vaddr + s->memsz + 3) & ~3u;
        }
    }
    if (P->code_lo >= P->code_hi || P->entry < P->code_lo || P->entry >= P->code_hi)
        BAD("%s: no executable segment holding the entry point", path);
    /* the kernel-information sections */
    const uint8_t *sh0 = b + shoff + (size_t)shstr * shent;
    uint32_t stroff = rd32(sh0 + 16), strsz = rd32(sh0 + 20);
    if ((uint64_t)stroff + strsz > n)
        BAD("%s: malformed section names", path);
    const uint8_t *info = NULL, *ents = NULL;
    uint32_t info_n = 0, ents_n = 0;
    for (unsigned i = 0; i < shnum; i++) {
        const uint8_t *sh = b + shoff + (size_t)i * shent;
        uint32_t nm = rd32(sh), off = rd32(sh + 16), sz = rd32(sh + 20);
        if (nm >= strsz || (uint64_t)off + sz > n)
            continue;
        const char *name = (const char *)b + stroff + nm;
        if (!memchr(name, 0, strsz - nm))
            continue;
        if (!strcmp(name, ".simt_kinfo"))
            info = b + off, info_n = sz;
        else if (!strcmp(name, ".simt_kentry"))
            ents = b + off, ents_n = sz;
    }
    if (!info || info_n < 12 || rd32(info) != SIMT_KINFO_MAGIC || rd32(info + 4) != 1)
        BAD("%s: no kernel information (.simt_kinfo of version 1): not a program of vgiw-simtcc", path);
    uint32_t nk = rd32(info + 8);
    if (nk == 0 || nk > 64 || !ents || ents_n != 4 * nk)
        BAD("%s: %u kernels, or the entry table does not match", path, nk);
    img->kernels = calloc(nk, sizeof *img->kernels);
    if (!img->kernels)
        BAD("out of memory");
    img->nkernels = nk;
    snprintf(img->config, sizeof img->config, "%s", config);
    size_t at = 12;
    for (uint32_t i = 0; i < nk; i++) {
        vg_kernel *K = &img->kernels[i];
        if (kstr(info, info_n, &at, K->name, sizeof K->name) || at + 8 > info_n)
            BAD("%s: malformed kernel information (kernel %u)", path, i);
        P->kflags[i] = rd32(info + at);
        K->nargs = rd32(info + at + 4);
        at += 8;
        if (K->nargs > VG_SRC_ARG_MAX)
            BAD("%s: kernel '%s' has %u arguments", path, K->name, K->nargs);
        K->args = calloc(K->nargs ? K->nargs : 1, sizeof *K->args);
        if (!K->args)
            BAD("out of memory");
        for (uint32_t a = 0; a < K->nargs; a++) {
            vg_arg *A = &K->args[a];
            if (kstr(info, info_n, &at, A->name, sizeof A->name) || at + 16 > info_n)
                BAD("%s: malformed kernel information (kernel '%s' argument %u)", path, K->name, a);
            A->kind = (uint8_t)rd32(info + at);
            A->type = (uint8_t)rd32(info + at + 4);
            A->addrspace = (uint8_t)rd32(info + at + 8);
            A->elem_size = rd32(info + at + 12);
            at += 16;
            if (A->kind < VG_ARG_BUFFER || A->kind > VG_ARG_STRUCT)
                BAD("%s: kernel '%s' argument %u of kind %u", path, K->name, a, A->kind);
        }
        P->kentry[i] = rd32(ents + 4 * i);
        if (P->kentry[i] < P->code_lo || P->kentry[i] >= P->code_hi)
            BAD("%s: kernel '%s' entry %08x outside the code", path, K->name, P->kentry[i]);
    }
    P->nk = (int)nk;
    rc = 0;
out:
#undef BAD
    free(b);
    if (rc) {
        vg_image_free(img);
        vrt_simt_free(P);
    } else {
        *out = P;
    }
    return rc;
}

static int write_prog(vrt_device *d, const vrt_simt_prog *P)
{
    for (int i = 0; i < P->nseg; i++) {
        const simt_seg *s = &P->seg[i];
        int rc = vrtb_dev_write(d, s->vaddr, s->data, s->filesz);
        if (rc)
            return rc;
        if (s->memsz > s->filesz) {   /* bss: the kernels' own __local variables among others */
            uint8_t *z = calloc(1, s->memsz - s->filesz);
            if (!z)
                return vrtb_fail(d, VRT_ERR_NOMEM, "out of host memory");
            rc = vrtb_dev_write(d, s->vaddr + s->filesz, z, s->memsz - s->filesz);
            free(z);
            if (rc)
                return rc;
        }
    }
    return 0;
}

int vrt_simt_launch(vrt_device *d, const vrt_options *o, const vgiw_preset_t *p, vrt_simt_prog *P,
                    const void **resident, const vrt_simt_launch_t *L, vrt_stats *cur)
{
    const vg_kernel *k = L->k;
    uint32_t W = p->simt_warps, T = p->simt_lanes, flags = P->kflags[L->kindex];
    int group = (flags & SIMT_KINFO_FLAG_GROUP) != 0;
    if (W == 0 || T == 0 || W > SIMT_RES_MAX_WARPS)
        return vrtb_fail(d, VRT_ERR_INVALID, "preset '%s' has no SIMT core (%u warps x %u lanes)", p->name, W, T);
    /* flat: one thread per work-item, one-warp hardware groups; group: one hardware
     * work-group of all W warps per OpenCL work-group (its __local variables are static, so
     * one work-group at a time), its work-items spread over the W x T threads as fibers */
    uint64_t hw = (uint64_t)W * T;
    uint64_t fibers = group ? (L->group_threads + hw - 1) / hw : 1;
    uint64_t threads = group ? L->groups * hw : L->threads;
    if (threads > 0xFFFFFFFFull)
        return vrtb_fail(d, VRT_ERR_NDRANGE, "kernel '%s': %llu hardware threads (at most 2^32-1)", k->name,
                         (unsigned long long)threads);
    uint64_t priv = (uint64_t)W * T * (fibers + 1) * SIMT_AREA_BYTES;
    if (SIMT_PRIV_BASE + priv > SIMT_TEXT_BASE)
        return vrtb_fail(d, VRT_ERR_NDRANGE, "kernel '%s': a work-group of %llu work-items needs %llu work-items per "
                         "thread of the SIMT core, more than its per-thread areas hold", k->name,
                         (unsigned long long)L->group_threads, (unsigned long long)fibers);
    int rc;
    if (*resident != P) {
        if ((rc = write_prog(d, P)))
            return rc;
        *resident = P;
    }
    uint32_t lb[SIMT_LB_BYTES(VG_SRC_ARG_MAX) / 4];
    memset(lb, 0, sizeof lb);
    lb[SIMT_LB_O_MAGIC / 4] = SIMT_LB_MAGIC;
    lb[SIMT_LB_O_ENTRY / 4] = P->kentry[L->kindex];
    lb[SIMT_LB_O_MODE / 4] = group ? SIMT_MODE_GROUP : SIMT_MODE_FLAT;
    lb[SIMT_LB_O_ITEMS / 4] = (uint32_t)L->threads;
    for (int i = 0; i < 3; i++) {
        lb[SIMT_LB_O_GSIZE / 4 + i] = L->g[i];
        lb[SIMT_LB_O_LSIZE / 4 + i] = L->l[i];
        lb[SIMT_LB_O_NGROUPS / 4 + i] = L->ng[i];
    }
    lb[SIMT_LB_O_GITEMS / 4] = (uint32_t)L->group_threads;
    lb[SIMT_LB_O_HWGROUP / 4] = (uint32_t)hw;
    lb[SIMT_LB_O_FIBERS / 4] = (uint32_t)fibers;
    lb[SIMT_LB_O_PRIV / 4] = SIMT_PRIV_BASE;
    lb[SIMT_LB_O_AREA / 4] = SIMT_AREA_BYTES;
    lb[SIMT_LB_O_LANES / 4] = T;
    lb[SIMT_LB_O_NGTOTAL / 4] = (uint32_t)L->groups;
    const uint64_t pw[4] = { L->group_threads, L->l[0], L->l[1], L->ng[0] };
    for (int i = 0; i < 4; i++) {
        uint32_t sh = 0;
        while (sh < 32 && (1ull << sh) < pw[i])
            sh++;
        lb[SIMT_LB_O_SHIFTS / 4 + i] = (1ull << sh) == pw[i] ? sh : 0xFFFFFFFFu;
    }
    for (uint32_t i = 0; i < k->nargs; i++)   /* __local pointers: the region's base + their offset */
        lb[SIMT_LB_O_ARGS / 4 + i] = L->argv[i] + (k->args[i].kind == VG_ARG_LOCAL ? SIMT_LOCAL_BASE : 0);
    if ((rc = vrtb_dev_write(d, SIMT_LAUNCH_ADDR, lb, SIMT_LB_BYTES(k->nargs))))
        return rc;
    const uint32_t rb[SIMT_RB_WORDS] = { P->code_lo, P->code_hi, P->entry, (uint32_t)threads, group ? W : 1,
                                         SIMT_LAUNCH_ADDR };
    if ((rc = vrtb_dev_write(d, SIMT_RUN_ADDR, rb, sizeof rb)))
        return rc;
    rtp_run_t run;
    memset(&run, 0, sizeof run);
    run.desc = SIMT_RUN_ADDR;
    run.threads = (uint32_t)threads;
    run.max_cycles = o->max_cycles;
    run.stall_cycles = o->stall_cycles;
    snprintf(run.name, sizeof run.name, "%s", k->name);
    memset(cur, 0, sizeof *cur);
    cur->tile_threads = threads;
    return vrtb_dev_run(d, &run);
}

int vrt_simt_wait(vrt_device *d, const vgiw_preset_t *p, const char *kname, vrt_stats *s)
{
    static uint64_t res[SIMT_RES_WORDS(SIMT_RES_MAX_WARPS)];
    uint32_t got = 0, W = p->simt_warps;
    int rc = vrtb_dev_result(d, res, sizeof res, &got);
    if (rc)
        return rc;
    if (got != SIMT_RES_WORDS(W) * sizeof(uint64_t)) {
        vrtb_lost(d);
        return vrtb_fail(d, VRT_ERR_BACKEND, "simt device: run result of %u bytes, %zu expected", got,
                         SIMT_RES_WORDS(W) * sizeof(uint64_t));
    }
    const uint64_t *c = &res[SIMT_RES_CNT];
    uint32_t st = (uint32_t)res[RTP_RES_STATUS];
    s->sim_cycles = res[RTP_RES_SIM_CYCLES];
    s->cycles = c[0];
    s->warp_instructions = c[1];
    s->thread_instructions = c[2];
    s->instructions = c[2];
    s->mem_passes = c[3];
    s->mem_replays = c[4];
    for (int i = 0; i < SIMT_RES_NCNT && i < VRT_SIMT_COUNTERS; i++)
        s->simt_cnt[i] = c[i];
    _Static_assert(VGIW_CNT_SIMT_COUNT <= VRT_SIMT_EXT && VRT_SIMT_EXT <= SIMT_RES_NEXT, "SIMT counter block");
    for (unsigned i = 0; i < VGIW_CNT_SIMT_COUNT; i++)
        s->simt[i] = res[SIMT_RES_EXT + i];
    /* the L1 in front of the SIMT core counts at mem_system's indices (docs/simt.md "Counters") */
    s->l1_access = c[VGIW_CNT_L1_ACCESS];
    s->l1_hit = c[VGIW_CNT_L1_HIT];
    s->l1_miss = c[VGIW_CNT_L1_MISS];
    s->l1_bank_conflict = c[VGIW_CNT_L1_BANK_CONFLICT];
    s->l1_writeback = c[VGIW_CNT_L1_WRITEBACK];
    s->l1_mshr_stall = c[VGIW_CNT_L1_MSHR_STALL];
    s->l1_refill = c[VGIW_CNT_L1_REFILL];
    s->l1_miss_cycles = c[VGIW_CNT_L1_MISS_CYCLES];
    if (res[RTP_RES_WATCHDOG]) {
        vrtb_lost(d);
        char where[1024] = "";
        size_t w = 0;
        for (uint32_t i = 0; i < W && w < sizeof where - 80; i++) {
            uint64_t v = res[SIMT_RES_WIN + i];
            uint32_t hi = (uint32_t)(v >> 32);
            w += (size_t)snprintf(where + w, sizeof where - w, " w%u:%s%s%s%s pc %08x lanes %04x", i,
                                  hi >> 31 & 1 ? "path" : "-", hi >> 30 & 1 ? ",in-flight" : "",
                                  hi >> 29 & 1 ? ",barrier" : "", hi >> 28 & 1 ? ",done" : "", (uint32_t)v,
                                  hi & 0xFFFF);
        }
        return vrtb_fail(d, VRT_ERR_TIMEOUT, "kernel '%s': watchdog: %s after %llu cycles (STATUS %08x, %llu warp "
                         "instructions; warp slots:%s); the device is lost", kname,
                         res[RTP_RES_WATCHDOG] == RTP_WD_MAX_CYCLES ? "cycle limit reached" : "no progress",
                         (unsigned long long)s->sim_cycles, st, (unsigned long long)s->warp_instructions, where);
    }
    if (st & VGIW_STATUS_ERROR) {
        unsigned code = VGIW_STATUS_CODE(st);
        const char *what = code < VGIW_ERR_CODES ? vgiw_err_docs[code] : NULL;
        return vrtb_fail(d, VRT_ERR_DEVICE, "kernel '%s': device error %u (%s), STATUS %08x, FAULT_PC %08x, "
                         "FAULT_WARP %u", kname, code, what ? what : "unknown", st,
                         (uint32_t)res[SIMT_RES_FAULT_PC], (uint32_t)res[SIMT_RES_FAULT_WARP]);
    }
    if ((st & (VGIW_STATUS_BUSY | VGIW_STATUS_DONE)) != VGIW_STATUS_DONE)
        return vrtb_fail(d, VRT_ERR_DEVICE, "kernel '%s': done with STATUS %08x (busy or not done)", kname, st);
    return 0;
}
