// Wide multiplexers on the ECP5 slice's own mux resources (used by tools/rtl_gates.py
// ecp5_synth and so by `make area` and `make fpga`; docs/core.md "Area").
//
// After `muxcover` has grouped trees of 2:1 multiplexers into $_MUX4_/$_MUX8_/$_MUX16_
// cells, each becomes 2:1 multiplexers in LUT4s (select S) whose outputs meet in the slice's
// PFUMX (select T) and the L6MUX21s above it (selects U, V). A 4:1 multiplexer then costs 2
// LUT4 instead of 3, a 16:1 one 8 instead of 15: generic LUT mapping cannot do this, since
// it treats a PFUMX as joining two LUT4s of the *same* four inputs (a LUT5), while a
// multiplexer needs the two LUT4s to see different data. The crossbars of the interconnect
// (rtl/fabric/vgiw_slot_select.sv: a 12:1 multiplexer per token-wide port, 45 to 49 bits) are the main user.
//
// Cell semantics: $_MUX_ Y = S ? B : A; $_MUX4_ Y = T ? (S ? D : C) : (S ? B : A) and so on;
// LUT4 Z = INIT[{D,C,B,A}] (16'hCACA: C ? B : A); PFUMX Z = C0 ? ALUT : BLUT;
// L6MUX21 Z = SD ? D1 : D0.

module \$_MUX4_ (A, B, C, D, S, T, Y);
  input A, B, C, D, S, T;
  output Y;
  wire l0, l1;
  LUT4 #(.INIT(16'hCACA)) u_l0 (.A(A), .B(B), .C(S), .D(1'b0), .Z(l0));
  LUT4 #(.INIT(16'hCACA)) u_l1 (.A(C), .B(D), .C(S), .D(1'b0), .Z(l1));
  PFUMX u_f5 (.ALUT(l1), .BLUT(l0), .C0(T), .Z(Y));
endmodule

module \$_MUX8_ (A, B, C, D, E, F, G, H, S, T, U, Y);
  input A, B, C, D, E, F, G, H, S, T, U;
  output Y;
  wire l0, l1, l2, l3, f0, f1;
  LUT4 #(.INIT(16'hCACA)) u_l0 (.A(A), .B(B), .C(S), .D(1'b0), .Z(l0));
  LUT4 #(.INIT(16'hCACA)) u_l1 (.A(C), .B(D), .C(S), .D(1'b0), .Z(l1));
  LUT4 #(.INIT(16'hCACA)) u_l2 (.A(E), .B(F), .C(S), .D(1'b0), .Z(l2));
  LUT4 #(.INIT(16'hCACA)) u_l3 (.A(G), .B(H), .C(S), .D(1'b0), .Z(l3));
  PFUMX u_f0 (.ALUT(l1), .BLUT(l0), .C0(T), .Z(f0));
  PFUMX u_f1 (.ALUT(l3), .BLUT(l2), .C0(T), .Z(f1));
  L6MUX21 u_f6 (.D0(f0), .D1(f1), .SD(U), .Z(Y));
endmodule

module \$_MUX16_ (A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, S, T, U, V, Y);
  input A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, S, T, U, V;
  output Y;
  wire [7:0] l;
  wire [3:0] f5;
  wire [1:0] f6;
  LUT4 #(.INIT(16'hCACA)) u_l0 (.A(A), .B(B), .C(S), .D(1'b0), .Z(l[0]));
  LUT4 #(.INIT(16'hCACA)) u_l1 (.A(C), .B(D), .C(S), .D(1'b0), .Z(l[1]));
  LUT4 #(.INIT(16'hCACA)) u_l2 (.A(E), .B(F), .C(S), .D(1'b0), .Z(l[2]));
  LUT4 #(.INIT(16'hCACA)) u_l3 (.A(G), .B(H), .C(S), .D(1'b0), .Z(l[3]));
  LUT4 #(.INIT(16'hCACA)) u_l4 (.A(I), .B(J), .C(S), .D(1'b0), .Z(l[4]));
  LUT4 #(.INIT(16'hCACA)) u_l5 (.A(K), .B(L), .C(S), .D(1'b0), .Z(l[5]));
  LUT4 #(.INIT(16'hCACA)) u_l6 (.A(M), .B(N), .C(S), .D(1'b0), .Z(l[6]));
  LUT4 #(.INIT(16'hCACA)) u_l7 (.A(O), .B(P), .C(S), .D(1'b0), .Z(l[7]));
  PFUMX u_f0 (.ALUT(l[1]), .BLUT(l[0]), .C0(T), .Z(f5[0]));
  PFUMX u_f1 (.ALUT(l[3]), .BLUT(l[2]), .C0(T), .Z(f5[1]));
  PFUMX u_f2 (.ALUT(l[5]), .BLUT(l[4]), .C0(T), .Z(f5[2]));
  PFUMX u_f3 (.ALUT(l[7]), .BLUT(l[6]), .C0(T), .Z(f5[3]));
  L6MUX21 u_f60 (.D0(f5[0]), .D1(f5[1]), .SD(U), .Z(f6[0]));
  L6MUX21 u_f61 (.D0(f5[2]), .D1(f5[3]), .SD(U), .Z(f6[1]));
  L6MUX21 u_f7 (.D0(f6[0]), .D1(f6[1]), .SD(V), .Z(Y));
endmodule
