/* Decoder of placed-and-routed configurations (image PNR sections), independent of the
 * configuration library that produced them: it reads the configuration words in shift
 * order, unpacks every unit and switch record (vgiw_formats.h) and follows the input
 * selects back through the switches with the preset's interconnect tables (SLOT_SRC) to
 * the unit output that drives each input. Used by the interpreter (executing the
 * configuration itself, docs/compiler.md "Interpreter"), by pnrcheck and by the SVG view.
 */
#ifndef VGIW_FABEXEC_H
#define VGIW_FABEXEC_H

#include <stddef.h>
#include <stdint.h>

#include "vgiw_formats.h"
#include "vgiw_image.h"
#include "vgiw_presets.h"

typedef struct {
    int placed;              /* any configuration bit set */
    unit_cfg_t cfg;
    int src[4];              /* input k: driving unit, -1 unused */
    uint8_t src_out[4];      /* its output port */
    uint8_t hops[4];         /* switches passed */
    int sw[4][16];           /* the switches, from the source (first 16) */
} fx_unit;

typedef struct {
    const vgiw_preset_t *p;
    unsigned U, S;
    fx_unit *u;
    switch_cfg_t *sw;
} fx_fabric;

/* words: cfg_chains * cfg_chain_words words in shift order (docs/core.md). Returns 0, or
 * -1 with a message (wrong size, a select that names no link, an idle switch on a path,
 * an output port that is not enabled, a path longer than the fabric). */
int fx_decode(const vgiw_preset_t *p, const uint32_t *words, uint32_t nwords, fx_fabric *out, char *err,
              size_t errlen);
void fx_free(fx_fabric *f);
/* Index of the constant that feeds operand k of a unit (0 const_a, 1 const_b), -1 if not a constant. */
int fx_const_index(const unit_cfg_t *c, unsigned k);
/* Value of operand k when it is a constant. */
uint32_t fx_const_value(const unit_cfg_t *c, unsigned k);

#endif
