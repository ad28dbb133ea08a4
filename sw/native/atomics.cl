// The OpenCL 1.2 atomic builtins (atomic_* and atom_*, int and unsigned int; atomic_xchg on
// float) for native execution (sw/native/native_build.c links it into every natively built
// kernel; they are named with the x86-64 mangling, _Z10atomic_addPU8CLglobalVii). The shim
// runs the work-items of a work-group one after another, switching only at barriers, and
// work-groups one after another, so a plain read-modify-write is indivisible here
// (docs/compiler.md "Atomics").
#define OL __attribute__((overloadable))
#define RMW(N, T, AS, E) \
    T OL atomic_##N(volatile AS T *p, T v) { T o = *p; *p = (E); return o; } \
    T OL atom_##N(volatile AS T *p, T v) { return atomic_##N(p, v); }
#define ONE(N, T, AS, E) \
    T OL atomic_##N(volatile AS T *p) { T o = *p; *p = (E); return o; } \
    T OL atom_##N(volatile AS T *p) { return atomic_##N(p); }
#define CAS(T, AS) \
    T OL atomic_cmpxchg(volatile AS T *p, T c, T v) { T o = *p; *p = o == c ? v : o; return o; } \
    T OL atom_cmpxchg(volatile AS T *p, T c, T v) { return atomic_cmpxchg(p, c, v); }
// unsigned arithmetic wraps (signed overflow in OpenCL C is undefined; the hardware wraps)
#define ALL(T, AS) \
    RMW(add, T, AS, (T)((uint)o + (uint)v)) RMW(sub, T, AS, (T)((uint)o - (uint)v)) RMW(xchg, T, AS, v) \
    RMW(min, T, AS, o < v ? o : v) RMW(max, T, AS, o > v ? o : v) \
    RMW(and, T, AS, o & v) RMW(or, T, AS, o | v) RMW(xor, T, AS, o ^ v) \
    ONE(inc, T, AS, (T)((uint)o + 1u)) ONE(dec, T, AS, (T)((uint)o - 1u)) CAS(T, AS)
ALL(int, __global) ALL(uint, __global) ALL(int, __local) ALL(uint, __local)
float OL atomic_xchg(volatile __global float *p, float v) { float o = *p; *p = v; return o; }
float OL atomic_xchg(volatile __local float *p, float v) { float o = *p; *p = v; return o; }
