#!/usr/bin/env bash
# Builds the OpenCL C builtin library vgiwcc and native execution link kernels with
# (docs/compiler.md "Math and common builtins"): the float and integer functions (scalar
# and vector forms; __private/__global/__local pointers for vload/vstore (and __constant for
# vload, renamed from the constant address space of nvptx to spir's), fract, frexp, modf,
# sincos, remquo and lgamma_r) of libclc's nvptx--
# bitcode (the variant with 32-bit pointers, no target intrinsics),
#   * minus the scalar forms of the builtins vgiwcc lowers itself (`vgiwcc --own-builtins`),
#     so that native execution takes those from its shim and both engines agree on them;
#   * llvm.fmuladd made llvm.fma (vgiwcc fuses fmuladd anyway; an x86 build
#     without FMA instructions would not, and the engines must agree bit for bit);
#   * without the nvptx target attributes, data layout and triple (the library links into
#     spir and x86-64 modules); functions linkonce_odr and hidden, tables internal (a
#     natively built kernel is a shared object);
#   * native_sin/cos/tan/exp/exp2/exp10/log/log2/log10/powr, which libclc maps to LLVM
#     intrinsics without an implementation here, call the full-precision functions;
#   * mad_hi, a macro in libclc, is added as mul_hi + add;
#   * tgamma is left out: libclc's is outside the OpenCL 1.2 bound (sw/tests/math_ulp.py).
# usage: clc_prep.sh LIBCLC.bc VGIWCC OUT.bc
set -euo pipefail
src=$1 cc=$2 out=$3
LLVM_SUFFIX=${LLVM_SUFFIX:--19}
[ -r "$src" ] || { echo "clc_prep: $src not found (install libclc-19: make deps)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$cc" --own-builtins > "$tmp/own"
# outside the OpenCL 1.2 bound as measured by sw/tests/math_ulp.py: not linked (a located error)
refused="tgamma"
aliased="native_sin native_cos native_tan native_exp native_exp2 native_exp10 native_log native_log2 native_log10 native_powr"
# defined functions "_Z<len><name><params>" whose parameters are scalar float/integer codes
"llvm-nm$LLVM_SUFFIX" --defined-only "$src" | awk -v own="$tmp/own" -v al="$aliased $refused" '
    BEGIN { while ((getline l < own) > 0) own_[l] = 1; n = split(al, a, " "); for (i = 1; i <= n; i++) skip[a[i]] = 1 }
    $3 ~ /^_Z[0-9]+[a-z_0-9]+[A-Za-z0-9_]*$/ {
        s = substr($3, 3); match(s, /^[0-9]+/); len = substr(s, 1, RLENGTH) + 0
        name = substr(s, RLENGTH + 1, len); params = substr(s, RLENGTH + 1 + len)
        # vector types (Dv4_f), substitutions (S_, S0_) and __global/__local pointers
        # (PU3AS1, PU3AS3, const/volatile) around scalar float/integer codes; __constant
        # (PU3AS4K, the constant space of nvptx) only for vloadN, renamed below
        p = params; gsub(/Dv[0-9]+_/, "", p); gsub(/S[0-9]*_/, "", p); gsub(/PU3AS[13][KV]*/, "", p)
        if (name ~ /^vload[0-9]+$/) gsub(/PU3AS4K/, "", p)
        gsub(/P[KV]*/, "", p)
        scalar = params ~ /^[fchstijlm]+$/
        # pointer forms (__private, __global, __local) only for vloadN/vstoreN and the math
        # builtins that return a second result through a pointer; native execution asks for
        # them under the x86-64 mangling and has wrappers (sw/native/vload.cl, ptr_builtins.cl)
        if (params ~ /P/ && name !~ /^(v(load|store)[0-9]+|fract|frexp|modf|sincos|remquo|lgamma_r)$/) next
        if (p ~ /^[fchstijlm]+$/ && name !~ /^__/ && name !~ /double|_half/ && !(name in skip) && !(scalar && name in own_))
            print $3
    }' > "$tmp/funcs"
args=()
while read -r f; do args+=("--func=$f"); done < "$tmp/funcs"
"llvm-extract$LLVM_SUFFIX" --recursive --rglob='.*' "${args[@]}" "$src" -o "$tmp/x.bc"
"llvm-dis$LLVM_SUFFIX" "$tmp/x.bc" -o "$tmp/x.ll"
sed -e '/^target datalayout/d' -e '/^target triple/d' -e 's/ "target-features"="[^"]*"//' \
    -E -e 's/^(@[A-Za-z0-9_.$]+) = weak_odr (dso_local )?/\1 = internal /' \
    -e 's/^define weak_odr dso_local /define linkonce_odr hidden /' \
    -e '/^declare .*@llvm\.(fmuladd|fma)\./d' -e 's/@llvm\.fmuladd\./@llvm.fma./g' "$tmp/x.ll" > "$tmp/y.ll"
# vloadN from __constant: libclc has it under nvptx's constant address space 4
# (_Z6vload4jPU3AS4Kf), a spir kernel asks for spir's 2 (_Z6vload4jPU3AS2Kf). These leaf
# functions are renamed and their pointers moved to address space 2; nothing else of the
# library changes (its own tables stay in address space 4, which vgiwcc and native execution
# read as they always did).
awk '/^define .*@_Z[0-9]+vload[0-9]+jPU3AS4K[a-z]\(/ { inv = 1; sub(/PU3AS4K/, "PU3AS2K") }
     inv { gsub(/addrspace\(4\)/, "addrspace(2)") }
     inv && /^}/ { inv = 0 }
     { print }' "$tmp/y.ll" > "$tmp/z.ll"
mv "$tmp/z.ll" "$tmp/y.ll"
if grep -q 'PU3AS4' "$tmp/y.ll"; then echo "clc_prep: a function of nvptx's constant space is left" >&2; exit 1; fi
# declarations of the llvm.fma.* used (scalar and vector forms)
grep -o '@llvm\.fma\.[a-z0-9]*(' "$tmp/y.ll" | sort -u | while read -r d; do
    sfx=${d#@llvm.fma.}; sfx=${sfx%(}
    case $sfx in f32) t=float ;; v*f32) n=${sfx#v}; t="<${n%f32} x float>" ;; *) continue ;; esac
    echo "declare $t @llvm.fma.$sfx($t, $t, $t)"
done >> "$tmp/y.ll"
# native_X(x) = X(x): "_Z<len>native_<f><params>" -> "_Z<len-7><f><params>"
for n in $aliased; do
    f=${n#native_}
    case $f in powr) p=ff ;; *) p=f ;; esac
    full="_Z${#f}${f}${p}"
    grep -q "^define .*@$full(" "$tmp/y.ll" || { echo "clc_prep: $full not in the library" >&2; exit 1; }
    if [ "$p" = ff ]; then
        printf 'define linkonce_odr float @_Z%d%s%s(float %%x, float %%y) alwaysinline {\n  %%r = call float @%s(float %%x, float %%y)\n  ret float %%r\n}\n' "${#n}" "$n" "$p" "$full"
    else
        printf 'define linkonce_odr float @_Z%d%s%s(float %%x) alwaysinline {\n  %%r = call float @%s(float %%x)\n  ret float %%r\n}\n' "${#n}" "$n" "$p" "$full"
    fi >> "$tmp/y.ll"
done
# mad_hi(a, b, c) = mul_hi(a, b) + c: a macro in libclc's headers, so it has no function
for t in c:i8:signext h:i8:zeroext s:i16:signext t:i16:zeroext i:i32: j:i32: l:i64: m:i64:; do
    IFS=: read -r code ty ext <<< "$t"
    grep -q "^define .*@_Z6mul_hi$code$code(" "$tmp/y.ll" || { echo "clc_prep: mul_hi($code) not in the library" >&2; exit 1; }
    printf 'define linkonce_odr hidden %s %s @_Z6mad_hi%s%s%s(%s %s %%a, %s %s %%b, %s %s %%c) alwaysinline {\n  %%m = call %s %s @_Z6mul_hi%s%s(%s %s %%a, %s %s %%b)\n  %%r = add %s %%m, %%c\n  ret %s %%r\n}\n' \
        "$ext" "$ty" "$code" "$code" "$code" "$ty" "$ext" "$ty" "$ext" "$ty" "$ext" "$ext" "$ty" "$code" "$code" "$ty" "$ext" "$ty" "$ext" "$ty" "$ty" >> "$tmp/y.ll"
done
"llvm-as$LLVM_SUFFIX" "$tmp/y.ll" -o "$out.tmp"
mv "$out.tmp" "$out"
echo "clc_prep: $(wc -l < "$tmp/funcs") functions from $(basename "$src") -> $out"
