/* C model of RR-9073's sorted path list (simt_model.h). Plain arrays: insertion scans the
 * list in order and either merges with an equal path or shifts the rest down by one. */
#include "simt_model.h"

#include <string.h>

bool simt_before(const simt_path_t *p, const simt_path_t *q)
{
    if (p->depth != q->depth)
        return p->depth > q->depth;
    return p->pc < q->pc;
}

static uint64_t lane_mask(unsigned lanes)
{
    return lanes >= 64 ? ~0ull : (1ull << lanes) - 1;
}

/* Inserts a path in its place, or merges it into the path of equal (depth, PC). */
static void insert(simt_model_t *m, uint64_t mask, uint32_t pc, unsigned depth)
{
    if (mask == 0)
        return;
    simt_path_t p = {.pc = pc, .depth = depth, .mask = mask};
    unsigned i = 0;
    while (i < m->n && simt_before(&m->path[i], &p))
        i++;
    if (i < m->n && m->path[i].pc == pc && m->path[i].depth == depth) {
        m->path[i].mask |= mask;
        m->merges++;
        return;
    }
    memmove(&m->path[i + 1], &m->path[i], (m->n - i) * sizeof m->path[0]);
    m->path[i] = p;
    m->n++;
    if (m->n > m->max_paths)
        m->max_paths = m->n;
}

static void set_threads(simt_model_t *m, uint64_t mask, uint32_t pc, unsigned depth)
{
    for (unsigned l = 0; l < m->lanes; l++) {
        if ((mask >> l) & 1u) {
            m->tpc[l] = pc;
            m->tdepth[l] = depth;
        }
    }
}

void simt_model_init(simt_model_t *m, unsigned lanes, uint64_t mask, uint32_t pc)
{
    uint64_t merges = m->merges;
    unsigned max_paths = m->max_paths;
    memset(m, 0, sizeof *m);
    m->merges = merges;
    m->max_paths = max_paths;
    m->lanes = lanes;
    mask &= lane_mask(lanes);
    m->live = mask;
    insert(m, mask, pc, 0);
    set_threads(m, mask, pc, 0);
}

const simt_path_t *simt_model_active(const simt_model_t *m)
{
    return m->n ? &m->path[0] : NULL;
}

const char *simt_model_commit(simt_model_t *m, uint64_t a_mask, uint32_t a_pc, unsigned a_depth,
                              uint64_t b_mask, uint32_t b_pc, unsigned b_depth)
{
    if (m->n == 0)
        return "commit in a finished warp";
    simt_path_t act = m->path[0];
    if (a_mask & b_mask)
        return "a and b masks overlap";
    if ((a_mask | b_mask) & ~act.mask)
        return "a or b mask outside the active path";
    memmove(&m->path[0], &m->path[1], (m->n - 1) * sizeof m->path[0]);
    m->n--;
    m->live &= ~(act.mask & ~(a_mask | b_mask));
    insert(m, a_mask, a_pc, a_depth);
    insert(m, b_mask, b_pc, b_depth);
    set_threads(m, a_mask, a_pc, a_depth);
    set_threads(m, b_mask, b_pc, b_depth);
    return NULL;
}

const char *simt_model_check(const simt_model_t *m)
{
    uint64_t seen = 0;
    for (unsigned i = 0; i < m->n; i++) {
        const simt_path_t *p = &m->path[i];
        if (p->mask == 0)
            return "empty path in the list";
        if (seen & p->mask)
            return "a thread in two paths";
        seen |= p->mask;
        if (i + 1 < m->n && !simt_before(p, &m->path[i + 1]))
            return "list not sorted, or two paths with equal (depth, PC)";
        for (unsigned l = 0; l < m->lanes; l++) {
            if (((p->mask >> l) & 1u) && (m->tpc[l] != p->pc || m->tdepth[l] != p->depth))
                return "a thread's own PC or depth differs from its path's";
        }
    }
    if (seen != m->live)
        return "live threads not all in the list";
    return NULL;
}
