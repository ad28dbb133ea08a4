/* Command-line pieces shared by clcheck and imgfuzz: NDRange and argument specs. */
#ifndef VGIW_NDRANGE_H
#define VGIW_NDRANGE_H

#include <stddef.h>
#include <stdint.h>

#include "vgiw_image.h"

enum { INIT_ZERO, INIT_SEQ, INIT_RAND };
#define STRUCT_MAX_BYTES 256
#define STRUCT_MAX_FIELDS 64

typedef struct {
    int is_buf;
    uint8_t type;          /* enum vg_type */
    uint32_t count;        /* buffers: elements */
    int init;              /* buffers: INIT_* */
    uint64_t seed;
    double lo, hi;         /* rand range (inclusive for integers) */
    uint32_t scalar;       /* scalars: the 32-bit pattern */
    uint32_t local_bytes;  /* local:BYTES, a __local pointer argument (is_buf 0); 0 otherwise */
    /* struct:TYPE=V,TYPE=V,...: a struct argument by value (is_buf 0), laid out with the C
     * rules of the target (each field at the next multiple of its size, the total a
     * multiple of the largest field) */
    uint32_t struct_bytes;             /* 0: not a struct (8 for i64:V / u64:V, in sdata) */
    int scalar64;                      /* i64:V or u64:V: a 64-bit scalar, its bytes in sdata */
    uint8_t lanes;                     /* vec:TYPE:V,V,...: a vector by value (2, 3, 4, 8, 16 lanes of type) */
    uint8_t sdata[STRUCT_MAX_BYTES];
} ArgSpec;

/* "G" or "G,G" or "G,G,G" -> out[3] (missing dimensions 1); 0 on success. */
int parse_dims(const char *s, uint32_t out[3]);
/* Elements of a buffer argument at most (64 M: 256 MB of 32-bit elements). */
#define ARG_MAX_ELEMS (1u << 26)

/* i32:V | u32:V | f32:V | i64:V | u64:V | local:BYTES | struct:TYPE=V,... | vec:TYPE:V,V,... |
 * buf:TYPE:COUNT[:INIT];
 * 0 on success, message in err. The kinds (first field) are a table in ndrange.c: a new kind
 * is one parser and one row there. */
int parse_arg(const char *s, ArgSpec *a, char *err, size_t errlen);
/* Checks spec a (text `spec`) against argument idx of the kernel as the image describes it:
 * kind (buffer, __local pointer, struct, scalar), struct size, 32/64-bit scalar, float or
 * integer, element size. 0, or -1 with a message naming both. The one such check of clcheck
 * and vgiw-run. */
int check_arg(const ArgSpec *a, const char *spec, const vg_arg *ka, unsigned idx, char *err, size_t errlen);
uint32_t type_size(uint8_t type);
/* The kind of kernel argument (enum vg_argkind) a spec gives: buf -> buffer, local -> __local
 * pointer, struct -> struct by value, the rest scalars. */
int arg_spec_kind(const ArgSpec *a);
const char *arg_kind_name(unsigned kind);
/* Fills COUNT elements; seed_offset varies the random stream between runs. */
void fill_buffer(const ArgSpec *a, uint8_t *data, uint64_t seed_offset);
/* Compares the COUNT elements of buffer argument `arg` bit-exactly (f32: any NaN equals any NaN,
 * docs/compiler.md); prints the first `show` differences and their number on stderr, naming the
 * two sides. Returns the number of elements that differ. */
uint32_t compare_buffer(const char *arg, const ArgSpec *a, const uint8_t *got, const char *got_name,
                        const uint8_t *want, const char *want_name, unsigned show);

#endif
