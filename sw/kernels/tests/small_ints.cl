// char/uchar/short/ushort: 8- and 16-bit loads/stores, sign/zero extension, compares, shifts.
// RUN: -k narrow --global 128 --local 32 --arg buf:i8:128:rand:1:-128:127 --arg buf:u8:128:rand:2:0:255 --arg buf:i16:128:rand:3:-32768:32767 --arg buf:u16:128:rand:4:0:65535 --arg buf:i32:1024 --arg buf:i8:128 --arg buf:u16:128
__kernel void narrow(__global const char *c, __global const uchar *uc, __global const short *s,
                     __global const ushort *us, __global int *out, __global char *oc, __global ushort *ous)
{
    int i = get_global_id(0);
    char a = c[i];
    uchar b = uc[i];
    short x = s[i];
    ushort y = us[i];
    __global int *o = out + i * 8;
    o[0] = a + b + x + y;
    o[1] = (a < 0) + 2 * (b > 200) + 4 * (x < a) + 8 * (y > (ushort)x);
    o[2] = a >> 2;
    o[3] = b >> 3;
    o[4] = (char)(a * 3) + (uchar)(b + 100);
    o[5] = (short)(x * 5) / (a == 0 ? 1 : a);
    o[6] = (ushort)(y + 1000) % (b | 1);
    o[7] = (int)(char)(y) + (int)(short)b;
    oc[i] = (char)(a + b);
    ous[i] = (ushort)(x ^ y);
}
