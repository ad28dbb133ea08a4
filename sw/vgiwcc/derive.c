/* Work-item coordinates from the linear thread ID, as machine-IR instructions.
 *
 * The CVU injects only the linear global thread ID, numbered work-group-major
 * (t = group * GT + local linear ID, GT = work-group size; docs/fabric-units/cvu.md,
 * docs/core.md tiles). When vgiwcc places and routes, every use of get_global_id,
 * get_local_id, get_group_id and the __local base is replaced by instructions over the
 * linear ID and launch constants (CVU sources that the back end turns into relocated
 * constants, map.c), emitted once in block 0 (--derive entry, the default: other blocks
 * read them as live values) or in each block that uses them (--derive block):
 *
 *   local_id(0) = t % LS0        local_id(1) = (t / LS0) % LS1    local_id(2) = (t / LS01) % LS2
 *   g = t / GT                   group_id(0) = g % NG0            group_id(1) = (g / NG0) % NG1
 *   group_id(2) = g / NG01       global_id(d) = group_id(d) * LS(d) + local_id(d)
 *   local_base  = LOCAL_BASE0 + (g % TILE_GROUPS) * LOCAL_STRIDE
 *
 * (GT is a multiple of LS0 and of LS0*LS1, so t can replace the local linear ID.) They
 * are ordinary instructions: the interpreter checks them against native execution, they
 * become live values when a block is split, and they are shared within a block. The
 * divisions are SCU DIVU/REMU because the divisors are only known at launch.
 */
#include <stdlib.h>
#include <string.h>

#include "vgiwcc.h"
#include "vgiw_ops.h"

typedef struct {
    Func *f;
    Inst *pre; int npre, cap;
    int memo[32];
    uint32_t line;
} D;

static int emit(D *d, unsigned unit, unsigned op, Opnd a, Opnd b)
{
    if (d->npre == d->cap) {
        d->cap = d->cap ? d->cap * 2 : 16;
        d->pre = xrealloc(d->pre, (size_t)d->cap * sizeof *d->pre);
    }
    Inst *in = &d->pre[d->npre++];
    memset(in, 0, sizeof *in);
    in->kind = IK_UNIT;
    in->unit = (uint8_t)unit;
    in->op = (uint8_t)op;
    in->nops = 2;
    in->ops[0] = a;
    in->ops[1] = b;
    in->dst = func_new_var(d->f);
    in->line = d->line;
    return in->dst;
}

enum { K_G = 20, K_TLS0, K_TLS01, K_GNG0, K_TILEG, K_COUNT };

static Opnd val(D *d, int key);

static Opnd src(uint32_t s) { return opnd_src(s); }

static Opnd build(D *d, int key)
{
    Opnd t = src(VG_SRC_LINEAR_ID);
    switch (key) {
    case K_G:     return opnd_var(emit(d, VG_U_SCU, SCU_DIVU, t, src(VG_SRC_GROUP_THREADS)));
    case K_TLS0:  return opnd_var(emit(d, VG_U_SCU, SCU_DIVU, t, src(VG_SRC_LOCAL_SIZE + 0)));
    case K_TLS01: return opnd_var(emit(d, VG_U_SCU, SCU_DIVU, t, src(VG_SRC_LS01)));
    case K_GNG0:  return opnd_var(emit(d, VG_U_SCU, SCU_DIVU, val(d, K_G), src(VG_SRC_NUM_GROUPS + 0)));
    case K_TILEG: return opnd_var(emit(d, VG_U_SCU, SCU_REMU, val(d, K_G), src(VG_SRC_TILE_GROUPS)));
    default: break;
    }
    uint32_t s = (uint32_t)key, dim = s % 3;
    if (s == VG_SRC_LOCAL_BASE) {
        int m = emit(d, VG_U_ALU, ALU_MUL, val(d, K_TILEG), src(VG_SRC_LOCAL_STRIDE));
        return opnd_var(emit(d, VG_U_ALU, ALU_ADD, opnd_var(m), src(VG_SRC_LOCAL_BASE0)));
    }
    if (s >= VG_SRC_LOCAL_ID && s < VG_SRC_LOCAL_ID + 3) {
        Opnd x = dim == 0 ? t : val(d, dim == 1 ? K_TLS0 : K_TLS01);
        return opnd_var(emit(d, VG_U_SCU, SCU_REMU, x, src(VG_SRC_LOCAL_SIZE + dim)));
    }
    if (s >= VG_SRC_GROUP_ID && s < VG_SRC_GROUP_ID + 3) {
        if (dim == 0)
            return opnd_var(emit(d, VG_U_SCU, SCU_REMU, val(d, K_G), src(VG_SRC_NUM_GROUPS + 0)));
        if (dim == 1)
            return opnd_var(emit(d, VG_U_SCU, SCU_REMU, val(d, K_GNG0), src(VG_SRC_NUM_GROUPS + 1)));
        return opnd_var(emit(d, VG_U_SCU, SCU_DIVU, val(d, K_G), src(VG_SRC_NG01)));
    }
    /* global_id(d) */
    /* group part first, local part just before the add: when a block must be cut (tiny
     * fabrics), the cut between them carries one value, not two */
    Opnd grp = val(d, (int)(VG_SRC_GROUP_ID + dim));
    int m = emit(d, VG_U_ALU, ALU_MUL, grp, src(VG_SRC_LOCAL_SIZE + dim));
    Opnd lid = val(d, (int)(VG_SRC_LOCAL_ID + dim));
    return opnd_var(emit(d, VG_U_ALU, ALU_ADD, opnd_var(m), lid));
}

static Opnd val(D *d, int key)
{
    if (d->memo[key] < 0)
        d->memo[key] = (int)build(d, key).v;
    return opnd_var(d->memo[key]);
}

static int derived(uint32_t s)
{
    return s < VG_SRC_GLOBAL_SIZE || s == VG_SRC_LOCAL_BASE;
}

static void fix(D *d, Opnd *o, uint32_t line)
{
    if (o->kind != OPND_SRC || !derived(o->v))
        return;
    d->line = line;
    *o = val(d, (int)o->v);
}

/* Prepends d->pre (npre instructions) to block b. */
static void prepend(D *d, int b)
{
    Block *B = &d->f->blocks[b];
    for (int i = 0; i < d->npre; i++)
        d->f->vars[d->pre[i].dst].def_block = b;
    /* the derivations go first: they read only CVU sources */
    Inst *all = xcalloc((size_t)(B->ninsts + d->npre), sizeof *all);
    memcpy(all, d->pre, (size_t)d->npre * sizeof *all);
    memcpy(all + d->npre, B->insts, (size_t)B->ninsts * sizeof *all);
    free(B->insts);
    B->insts = all;
    B->ninsts += d->npre;
    B->cap = B->ninsts;
}

/* at_entry: every coordinate is derived once, in block 0 (the entry: it runs once per
 * thread and dominates every block), and other blocks read it as a live value -- an LVU
 * load instead of up to three SCU divisions per block. Otherwise each block derives what
 * it uses. */
void derive_sources(Func *f, int at_entry)
{
    D d = { 0 };
    d.f = f;
    for (int i = 0; i < 32; i++)
        d.memo[i] = -1;
    for (int b = 0; b < f->nblocks; b++) {
        Block *B = &f->blocks[b];
        if (!at_entry) {
            d.npre = 0;
            for (int i = 0; i < 32; i++)
                d.memo[i] = -1;
        }
        for (int i = 0; i < B->ninsts; i++)
            for (int k = 0; k < B->insts[i].nops; k++)
                fix(&d, &B->insts[i].ops[k], B->insts[i].line);
        fix(&d, &B->cond, B->end_line);
        if (!at_entry && d.npre)
            prepend(&d, b);
    }
    if (at_entry && d.npre && f->nblocks > 0)
        prepend(&d, 0);
    free(d.pre);
}
