// EXPECT: conversion of a 64-bit integer to floating point
__kernel void k(__global float *o, __global const long *s) { int i = get_global_id(0); o[i] = (float)s[i]; }
