// The builtins that return a second result through a pointer (fract, frexp, modf, sincos,
// remquo, lgamma_r) for native execution (sw/native/native_build.c links this bitcode
// between the kernel and libclc). vgiwcc links libclc's forms of them for every address
// space; a kernel built for x86-64 asks for them under another mangling (named address
// spaces: _Z5frexpfPU9CLprivatei, where libclc defines _Z5frexpfPi). So the scalar
// __private forms here call libclc's own function by its name (the same code on every
// engine: bit-exact), the __global/__local forms go through a private variable, and the
// vector forms lane by lane, as libclc's vector forms do (its _CLC_V_V_VP_VECTORIZE).
#define OL __attribute__((overloadable))

float _Z5fractfPf(float, float *);
float _Z5frexpfPi(float, int *);
float _Z4modffPf(float, float *);
float _Z6sincosfPf(float, float *);
float _Z6remquoffPi(float, float, int *);
float _Z8lgamma_rfPi(float, int *);

float OL fract(float x, __private float *p) { return _Z5fractfPf(x, p); }
float OL frexp(float x, __private int *p) { return _Z5frexpfPi(x, p); }
float OL modf(float x, __private float *p) { return _Z4modffPf(x, p); }
float OL sincos(float x, __private float *p) { return _Z6sincosfPf(x, p); }
float OL remquo(float x, float y, __private int *p) { return _Z6remquoffPi(x, y, p); }
float OL lgamma_r(float x, __private int *p) { return _Z8lgamma_rfPi(x, p); }

/* one input: F(x, p) for scalar T in address space AS, via a private variable */
#define S1(F, IT, AS) \
    float OL F(float x, AS IT *p) { IT t; float r = F(x, &t); *p = t; return r; }
#define V1(F, IT, N, AS) \
    float##N OL F(float##N x, AS IT##N *p) \
    { float##N r; IT##N t; \
      for (int k = 0; k < N; k++) { IT tk; ((float *)&r)[k] = F(((float *)&x)[k], &tk); ((IT *)&t)[k] = tk; } \
      *p = t; return r; }
#define S2(F, IT, AS) \
    float OL F(float x, float y, AS IT *p) { IT t; float r = F(x, y, &t); *p = t; return r; }
#define V2(F, IT, N, AS) \
    float##N OL F(float##N x, float##N y, AS IT##N *p) \
    { float##N r; IT##N t; \
      for (int k = 0; k < N; k++) { IT tk; ((float *)&r)[k] = F(((float *)&x)[k], ((float *)&y)[k], &tk); ((IT *)&t)[k] = tk; } \
      *p = t; return r; }

#define ALL1(F, IT) S1(F, IT, __global) S1(F, IT, __local) \
    V1(F, IT, 2, __private) V1(F, IT, 3, __private) V1(F, IT, 4, __private) V1(F, IT, 8, __private) V1(F, IT, 16, __private) \
    V1(F, IT, 2, __global) V1(F, IT, 3, __global) V1(F, IT, 4, __global) V1(F, IT, 8, __global) V1(F, IT, 16, __global) \
    V1(F, IT, 2, __local) V1(F, IT, 3, __local) V1(F, IT, 4, __local) V1(F, IT, 8, __local) V1(F, IT, 16, __local)
#define ALL2(F, IT) S2(F, IT, __global) S2(F, IT, __local) \
    V2(F, IT, 2, __private) V2(F, IT, 3, __private) V2(F, IT, 4, __private) V2(F, IT, 8, __private) V2(F, IT, 16, __private) \
    V2(F, IT, 2, __global) V2(F, IT, 3, __global) V2(F, IT, 4, __global) V2(F, IT, 8, __global) V2(F, IT, 16, __global) \
    V2(F, IT, 2, __local) V2(F, IT, 3, __local) V2(F, IT, 4, __local) V2(F, IT, 8, __local) V2(F, IT, 16, __local)

ALL1(fract, float)
ALL1(frexp, int)
ALL1(modf, float)
ALL1(sincos, float)
ALL1(lgamma_r, int)
ALL2(remquo, int)
