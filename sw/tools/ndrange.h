/* Command-line pieces shared by clcheck and imgfuzz: NDRange and argument specs. */
#ifndef VGIW_NDRANGE_H
#define VGIW_NDRANGE_H

#include <stddef.h>
#include <stdint.h>

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
    uint8_t sdata[STRUCT_MAX_BYTES];
} ArgSpec;

/* "G" or "G,G" or "G,G,G" -> out[3] (missing dimensions 1); 0 on success. */
int parse_dims(const char *s, uint32_t out[3]);
/* i32:V | u32:V | f32:V | local:BYTES | struct:TYPE=V,... | buf:TYPE:COUNT[:INIT]; 0 on success,
 * message in err. */
int parse_arg(const char *s, ArgSpec *a, char *err, size_t errlen);
uint32_t type_size(uint8_t type);
/* The kind of kernel argument (enum vg_argkind) a spec gives: buf -> buffer, local -> __local
 * pointer, struct -> struct by value, the rest scalars. */
int arg_spec_kind(const ArgSpec *a);
const char *arg_kind_name(unsigned kind);
/* Whether spec a fits kernel argument ka (kind, struct size, 32/64-bit scalar); 0, or -1
 * with a message in msg. */
int arg_spec_check(const ArgSpec *a, const void *ka, unsigned index, char *msg, size_t len);
/* Fills COUNT elements; seed_offset varies the random stream between runs. */
void fill_buffer(const ArgSpec *a, uint8_t *data, uint64_t seed_offset);
/* Compares the COUNT elements of buffer argument `arg` bit-exactly (f32: any NaN equals any NaN,
 * docs/compiler.md); prints the first `show` differences and their number on stderr, naming the
 * two sides. Returns the number of elements that differ. */
uint32_t compare_buffer(const char *arg, const ArgSpec *a, const uint8_t *got, const char *got_name,
                        const uint8_t *want, const char *want_name, unsigned show);

#endif
