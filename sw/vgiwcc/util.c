/* Helpers every stage uses: the error exit, checked allocation, and the containers of the
 * machine-level IR (vgiwcc.h). They depend on nothing else of vgiwcc, so the stages form a
 * chain (docs/compiler.md "Stages") rather than a circle through the driver. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vgiwcc.h"

const char *g_source_name = "?";

_Noreturn void fatal(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "vgiwcc: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);   /* vg_proc's exit handler removes the temporary directory */
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        fatal("out of memory");
    return p;
}

void *xcalloc(size_t n, size_t m)
{
    void *p = calloc(n ? n : 1, m ? m : 1);
    if (!p)
        fatal("out of memory");
    return p;
}

void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p)
        fatal("out of memory");
    return p;
}

/* ---- machine-level IR containers ---- */

int func_new_var(Func *f)
{
    if (f->nvars == f->vcap) {
        f->vcap = f->vcap ? f->vcap * 2 : 64;
        f->vars = xrealloc(f->vars, (size_t)f->vcap * sizeof *f->vars);
    }
    Var *v = &f->vars[f->nvars];
    memset(v, 0, sizeof *v);
    v->def_block = -1;
    v->lv = -1;
    v->pref = -1;
    return f->nvars++;
}

int func_new_block(Func *f)
{
    if (f->nblocks == f->bcap) {
        f->bcap = f->bcap ? f->bcap * 2 : 16;
        f->blocks = xrealloc(f->blocks, (size_t)f->bcap * sizeof *f->blocks);
    }
    Block *b = &f->blocks[f->nblocks];
    memset(b, 0, sizeof *b);
    return f->nblocks++;
}

Inst *block_add(Block *b)
{
    if (b->ninsts == b->cap) {
        b->cap = b->cap ? b->cap * 2 : 16;
        b->insts = xrealloc(b->insts, (size_t)b->cap * sizeof *b->insts);
    }
    Inst *in = &b->insts[b->ninsts++];
    memset(in, 0, sizeof *in);
    in->dst = -1;
    return in;
}

void func_free(Func *f)
{
    for (int i = 0; i < f->nblocks; i++) {
        free(f->blocks[i].insts);
        free(f->blocks[i].preds);
        if (f->livein) free(f->livein[i]);
        if (f->liveout) free(f->liveout[i]);
    }
    free(f->livein);
    free(f->liveout);
    free(f->blocks);
    free(f->vars);
    free(f->args);
    free(f->cdata);
    memset(f, 0, sizeof *f);
}

/* the graphs of a kernel, replaced when the back end splits a block (pipeline.c) */
void vg_kernel_free(vg_kernel *k)
{
    free(k->args);
    free(k->const_data);
    for (uint32_t b = 0; b < k->nblocks; b++) {
        free(k->blocks[b].nodes);
        free(k->blocks[b].pnr.words);
        free(k->blocks[b].pnr.relocs);
        free(k->blocks[b].pnr.map);
    }
    free(k->blocks);
    memset(k, 0, sizeof *k);
}
