/* The OpenCL C integer builtins (min, max, clamp, select, abs, mul24, mad24 and the mixed
 * select forms) under their x86-64/RV32 Itanium manglings, for every scalar integer type:
 * one definition for the two places that give kernels these functions as plain C, the
 * native engine's shim (sw/native/shim.c) and the SIMT core's work-item library
 * (sw/simtcc/simt_wi.c). Both mangle alike (the builtins take no pointers or vectors). The
 * includer provides int8_t ... uint64_t. */
#ifndef VG_INT_BUILTINS_H
#define VG_INT_BUILTINS_H

#define VG_INT_BUILTINS(T, C)                                                                  \
    T _Z3min##C##C(T a, T b) { return a < b ? a : b; }                                         \
    T _Z3max##C##C(T a, T b) { return a > b ? a : b; }                                         \
    T _Z5clamp##C##C##C(T x, T lo, T hi) { T m = x > lo ? x : lo; return m < hi ? m : hi; }     \
    T _Z6select##C##C##C(T a, T b, T c) { return c ? b : a; }

VG_INT_BUILTINS(int32_t, i)
VG_INT_BUILTINS(uint32_t, j)
VG_INT_BUILTINS(int8_t, c)
VG_INT_BUILTINS(uint8_t, h)
VG_INT_BUILTINS(int16_t, s)
VG_INT_BUILTINS(uint16_t, t)
VG_INT_BUILTINS(int64_t, l)
VG_INT_BUILTINS(uint64_t, m)

uint32_t _Z3absi(int32_t x) { return x < 0 ? 0u - (uint32_t)x : (uint32_t)x; }
uint8_t _Z3absc(int8_t x) { return (uint8_t)(x < 0 ? -x : x); }
uint16_t _Z3abss(int16_t x) { return (uint16_t)(x < 0 ? -x : x); }
uint32_t _Z3absj(uint32_t x) { return x; }
uint8_t _Z3absh(uint8_t x) { return x; }
uint16_t _Z3abst(uint16_t x) { return x; }
uint64_t _Z3absl(int64_t x) { return x < 0 ? 0u - (uint64_t)x : (uint64_t)x; }
uint64_t _Z3absm(uint64_t x) { return x; }

int32_t _Z5mul24ii(int32_t a, int32_t b) { return (int32_t)((uint32_t)a * (uint32_t)b); }
uint32_t _Z5mul24jj(uint32_t a, uint32_t b) { return a * b; }
int32_t _Z5mad24iii(int32_t a, int32_t b, int32_t c) { return (int32_t)((uint32_t)a * (uint32_t)b + (uint32_t)c); }
uint32_t _Z5mad24jjj(uint32_t a, uint32_t b, uint32_t c) { return a * b + c; }
float _Z6selectffi(float a, float b, int32_t c) { return c ? b : a; }
float _Z6selectffj(float a, float b, uint32_t c) { return c ? b : a; }
int32_t _Z6selectiij(int32_t a, int32_t b, uint32_t c) { return c ? b : a; }
uint32_t _Z6selectjji(uint32_t a, uint32_t b, int32_t c) { return c ? b : a; }

#endif
