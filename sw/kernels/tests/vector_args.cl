// Vector kernel arguments by value (float4 s, int2, float3, uchar4, short8, float16): the host
// puts the vector's bytes in device memory like a struct's (3 lanes take 4 lanes' room) and
// each lane is a load (docs/compiler.md "Vector types"); clcheck and vgiw-run take
// vec:TYPE:V,V,...; native execution passes the vector by value.
// RUN: -k va --global 64 --local 16 --arg buf:f32:64:rand:1:-10:10 --arg vec:f32:1.5,-2,0.25,1e6 --arg vec:i32:-7,2147483647 --arg vec:f32:3,4,5 --arg vec:u8:1,2,250,255 --arg buf:f32:256
// RUN: -k vb --global 32 --local 8 --arg vec:i16:-32768,32767,-1,0,5,6,7,-300 --arg vec:f32:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,-15.5 --arg buf:i32:64
__kernel void va(__global const float *x, float4 s, int2 t, float3 u, uchar4 c, __global float *o)
{
    int i = get_global_id(0);
    float v = x[i];
    o[4 * i] = s.x + s.w * v;
    o[4 * i + 1] = dot(s, (float4)(v, 1.0f, -v, 2.0f)) + (float)t.y;
    o[4 * i + 2] = u.z * v + u.x - (float)t.x;
    o[4 * i + 3] = (float)(c.w + c.z * 2 + c.x) + length(u);
}

__kernel void vb(short8 h, float16 z, __global int *o)
{
    int i = get_global_id(0);
    o[2 * i] = h.s0 + h.s7 * i + h.s1 + (i & 7 ? h.s3 : h.s4);
    o[2 * i + 1] = as_int(z.sf * (float)i + z.s3 + z[i & 15]);
}
