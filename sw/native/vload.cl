// vloadN/vstoreN for native execution (sw/native/native_build.c links it into every natively
// built kernel). vgiwcc takes them from libclc, whose mangled names carry nvptx's 32-bit
// size_t and numbered address spaces; a kernel built for x86-64 asks for 64-bit size_t and
// named ones (_Z6vload4mPU8CLglobalKf), so native execution has its own: element by element,
// which is all OpenCL 1.2 §6.12.7 asks of them.
#define VLOAD(T, N, AS) \
    T##N __attribute__((overloadable)) vload##N(size_t i, const AS T *p) \
    { T##N v; for (int k = 0; k < N; k++) ((T *)&v)[k] = p[i * N + k]; return v; }
#define VSTORE(T, N, AS) \
    void __attribute__((overloadable)) vstore##N(T##N v, size_t i, AS T *p) \
    { for (int k = 0; k < N; k++) p[i * N + k] = ((T *)&v)[k]; }
#define VL(T, N) VLOAD(T, N, __global) VLOAD(T, N, __local) VLOAD(T, N, __private) VLOAD(T, N, __constant) \
                 VSTORE(T, N, __global) VSTORE(T, N, __local) VSTORE(T, N, __private)
#define VLN(T) VL(T, 2) VL(T, 3) VL(T, 4) VL(T, 8) VL(T, 16)
VLN(char) VLN(uchar) VLN(short) VLN(ushort) VLN(int) VLN(uint) VLN(long) VLN(ulong) VLN(float)
