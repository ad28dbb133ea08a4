/* Memory model (see mem_model.h). The store is a two-level page table of 4 KiB pages
 * allocated on first write, so a 4 GiB address space costs only what is touched;
 * reads of untouched bytes return 0. */
#include "mem_model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"

#define PAGE_BITS 12
#define PAGE_SIZE (1u << PAGE_BITS)
#define DIR_BITS 10
#define TOP_BITS (32 - PAGE_BITS - DIR_BITS)

typedef struct pending {
    mem_resp_t resp;
    uint64_t due;      /* cycle at which the response may leave */
    uint64_t seq;      /* acceptance order */
} pending_t;

struct mem_model {
    mem_model_cfg_t cfg;
    rng_t rng;
    uint8_t **dir[1u << TOP_BITS];
    pending_t *pend;       /* unordered array of in-flight requests */
    unsigned n_pend;
    uint64_t cycle, seq, next_seq_out;
    unsigned accepted_this_cycle, responded_this_cycle;
    mem_model_stats_t st;
};

mem_model_t *mem_model_new(const mem_model_cfg_t *cfg)
{
    if (cfg->lat_min < 1 || cfg->lat_max < cfg->lat_min || cfg->accept_per_cycle < 1 ||
        cfg->respond_per_cycle < 1 || cfg->max_outstanding < 1) {
        fprintf(stderr, "mem_model: invalid configuration (need 1 <= lat_min <= lat_max, "
                        "accept/respond per cycle >= 1, max_outstanding >= 1)\n");
        return NULL;
    }
    mem_model_t *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->cfg = *cfg;
    rng_seed(&m->rng, cfg->seed);
    m->pend = calloc(cfg->max_outstanding, sizeof *m->pend);
    if (!m->pend) {
        free(m);
        return NULL;
    }
    return m;
}

void mem_model_free(mem_model_t *m)
{
    if (!m)
        return;
    for (unsigned i = 0; i < (1u << TOP_BITS); i++) {
        if (!m->dir[i])
            continue;
        for (unsigned j = 0; j < (1u << DIR_BITS); j++)
            free(m->dir[i][j]);
        free(m->dir[i]);
    }
    free(m->pend);
    free(m);
}

static uint8_t *page(const mem_model_t *m, uint32_t addr, int create)
{
    mem_model_t *mm = (mem_model_t *)m;   /* allocation on write only */
    uint32_t top = addr >> (PAGE_BITS + DIR_BITS), mid = (addr >> PAGE_BITS) & ((1u << DIR_BITS) - 1);
    if (!mm->dir[top]) {
        if (!create)
            return NULL;
        mm->dir[top] = calloc(1u << DIR_BITS, sizeof(uint8_t *));
        if (!mm->dir[top]) {
            fprintf(stderr, "mem_model: out of memory\n");
            exit(2);
        }
    }
    if (!mm->dir[top][mid] && create) {
        mm->dir[top][mid] = calloc(PAGE_SIZE, 1);
        if (!mm->dir[top][mid]) {
            fprintf(stderr, "mem_model: out of memory\n");
            exit(2);
        }
    }
    return mm->dir[top][mid];
}

void mem_model_write(mem_model_t *m, uint32_t addr, const void *src, size_t n)
{
    const uint8_t *s = src;
    for (size_t i = 0; i < n; i++) {
        uint32_t a = addr + (uint32_t)i;
        page(m, a, 1)[a & (PAGE_SIZE - 1)] = s[i];
    }
}

void mem_model_read(const mem_model_t *m, uint32_t addr, void *dst, size_t n)
{
    uint8_t *d = dst;
    for (size_t i = 0; i < n; i++) {
        uint32_t a = addr + (uint32_t)i;
        const uint8_t *p = page(m, a, 0);
        d[i] = p ? p[a & (PAGE_SIZE - 1)] : 0;
    }
}

uint32_t mem_model_read32(const mem_model_t *m, uint32_t addr)
{
    uint8_t b[4];
    mem_model_read(m, addr, b, 4);
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

void mem_model_write32(mem_model_t *m, uint32_t addr, uint32_t v)
{
    uint8_t b[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24) };
    mem_model_write(m, addr, b, 4);
}

bool mem_model_can_accept(const mem_model_t *m)
{
    return m->accepted_this_cycle < m->cfg.accept_per_cycle && m->n_pend < m->cfg.max_outstanding;
}

bool mem_model_request(mem_model_t *m, const mem_req_t *req)
{
    if (req->bytes < 1 || req->bytes > MEM_MAX_BYTES) {
        fprintf(stderr, "mem_model: request of %u bytes (1..%u allowed)\n", req->bytes, MEM_MAX_BYTES);
        exit(2);
    }
    if (!mem_model_can_accept(m)) {
        m->st.refused++;
        return false;
    }
    pending_t *p = &m->pend[m->n_pend++];
    memset(&p->resp, 0, sizeof p->resp);
    p->resp.id = req->id;
    p->resp.write = req->write;
    p->resp.addr = req->addr;
    p->resp.bytes = req->bytes;
    if (req->write) {
        for (uint32_t i = 0; i < req->bytes; i++)
            if (req->mask[i])
                mem_model_write(m, req->addr + i, &req->data[i], 1);
        m->st.writes++;
    } else {
        mem_model_read(m, req->addr, p->resp.data, req->bytes);
        m->st.reads++;
    }
    uint32_t span = m->cfg.lat_max - m->cfg.lat_min + 1;
    uint32_t lat = m->cfg.lat_min + (span > 1 ? rng_below(&m->rng, span) : 0);
    p->due = m->cycle + lat;
    p->seq = m->seq++;
    m->accepted_this_cycle++;
    m->st.requests++;
    m->st.bytes += req->bytes;
    m->st.latency_sum += lat;
    return true;
}

bool mem_model_response(mem_model_t *m, mem_resp_t *resp)
{
    if (m->responded_this_cycle >= m->cfg.respond_per_cycle)
        return false;
    int pick = -1;
    for (unsigned i = 0; i < m->n_pend; i++) {
        pending_t *p = &m->pend[i];
        if (m->cfg.in_order) {
            if (p->seq == m->next_seq_out && p->due <= m->cycle)
                pick = (int)i;
        } else if (p->due <= m->cycle && (pick < 0 || p->seq < m->pend[pick].seq)) {
            pick = (int)i;   /* among ready ones the oldest first */
        }
    }
    if (pick < 0)
        return false;
    *resp = m->pend[pick].resp;
    if (m->cfg.in_order)
        m->next_seq_out++;
    m->pend[pick] = m->pend[--m->n_pend];
    m->responded_this_cycle++;
    return true;
}

void mem_model_tick(mem_model_t *m)
{
    m->cycle++;
    m->st.cycles++;
    m->accepted_this_cycle = 0;
    m->responded_this_cycle = 0;
}

unsigned mem_model_outstanding(const mem_model_t *m)
{
    return m->n_pend;
}

mem_model_stats_t mem_model_stats(const mem_model_t *m)
{
    return m->st;
}
