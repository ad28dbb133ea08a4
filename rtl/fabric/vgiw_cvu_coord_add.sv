// Mixed-radix addition of two thread-coordinate numbers (cvu_coords; docs/fabric-units/cvu.md
// "Coordinates"). Digits in 32-bit slots, digit i in bits 32i+31:32i:
//   0..2  L0..L2  local ID per dimension, radix LSIZEd
//   3..5  G0..G2  group ID per dimension, radix NGROUPS0, NGROUPS1, none (G2 takes the rest)
//   6     TG      linear group ID mod TILE_GROUPS
// Both operands in range (every digit below its radix) give a sum in range: a digit plus a
// digit plus a carry is below twice the radix, so one conditional subtraction and one carry
// per digit suffice. A carry out of L2 is one whole work-group: it enters G0 and TG.
// The carries do not ripple through the digits' adders (issue 22: seven digits of an add and
// a compare each, one after the other, were the board's critical path, docs/fpga.md "Fifth
// round"). Each digit forms s = a + b and d = s - radix at once, whatever its carry in c;
// then a carry out is g | (p & c), with g = (s >= radix) and p = (s == radix - 1, d all
// ones), so the carries are a lookahead over the digits' g and p; and the digit is
// (carry out ? d : s) + c, which is (s + c) - radix when s + c reaches the radix, else s + c.
// The local-ID digits and TG have radices of at most 2^DATAPATH_TID_BITS (a local size or a
// tile's work-group count never exceeds a tile's threads; the BBS refuses any other descriptor
// with error bad_geometry), so they are added in TID_BITS + 1 bits and their upper bits in the
// 32-bit slot are always zero: synthesis drops those flip-flops in cvu_coords (issue 22).
// The products Gd * LSIZEd and TG * LOCAL_STRIDE are not digits: cvu_coords multiplies once
// per output (issue 22: carried as four more digits they were 4/11 of every vector and adder).
module vgiw_cvu_coord_add #(
  localparam int unsigned GW = vgiw_cfg_pkg::DESC_W_LOCAL_SPAN - vgiw_cfg_pkg::DESC_W_LSIZE0 + 1,
  localparam int unsigned ND = 7,
  localparam int unsigned VW = ND * 32,
  localparam int unsigned LW = vgiw_cfg_pkg::DATAPATH_TID_BITS   // local-ID and TG digit bits
) (
  input  logic [GW-1:0][31:0] geom_i,       // descriptor words LSIZE0 .. LOCAL_SPAN
  input  logic [VW-1:0]       a_i,
  input  logic [VW-1:0]       b_i,
  input  logic                cin_i,        // +1 (the setup's first power, 2^0)
  output logic [VW-1:0]       sum_o
);
  localparam int unsigned G0 = vgiw_cfg_pkg::DESC_W_LSIZE0;
  localparam int unsigned W_LS0 = vgiw_cfg_pkg::DESC_W_LSIZE0 - G0;
  localparam int unsigned W_NG0 = vgiw_cfg_pkg::DESC_W_NGROUPS0 - G0;
  localparam int unsigned W_NG1 = vgiw_cfg_pkg::DESC_W_NGROUPS1 - G0;
  localparam int unsigned W_TGR = vgiw_cfg_pkg::DESC_W_TILE_GROUPS - G0;

  // per digit: radix, s = a + b, d = s - radix (33 bits: a narrow digit's LW + 1 bits
  // zero-extended), generate g and propagate p; digit 5 (G2) has no radix and never carries
  logic [ND-1:0][32:0] dg_s, dg_d;
  logic [ND-1:0]       dg_g, dg_p;
  logic [ND-1:0]       cy;                        // cy[i]: carry into digit i
  always_comb begin
    for (int d = 0; d < ND; d++) begin
      logic [32:0] r;
      logic [LW:0] sn, dn;
      logic        narrow_d;
      narrow_d = d < 3 || d == 6;
      r = (d < 3)  ? 33'(geom_i[W_LS0 + d][LW:0])
        : (d == 3) ? {1'b0, geom_i[W_NG0]}
        : (d == 4) ? {1'b0, geom_i[W_NG1]}
        : (d == 6) ? 33'(geom_i[W_TGR][LW:0])
        : '0;
      sn = {1'b0, a_i[32*d +: LW]} + {1'b0, b_i[32*d +: LW]};
      dn = sn - r[LW:0];
      dg_s[d] = narrow_d ? 33'(sn) : {1'b0, a_i[32*d +: 32]} + {1'b0, b_i[32*d +: 32]};
      dg_d[d] = narrow_d ? 33'(dn) : dg_s[d] - r;
      dg_g[d] = (d != 5) && dg_s[d] >= r;
      dg_p[d] = (d != 5) && (narrow_d ? &dg_d[d][LW:0] : &dg_d[d]);
    end
  end
  // carries: L0..L2 from cin_i, G0..G2 and TG from L2's carry out (one whole work-group), each
  // written out as the sum of products of the lookahead so no digit waits for the one before
  function automatic logic look(input int unsigned lo, input int unsigned hi, input logic cin,
                                input logic [ND-1:0] g, input logic [ND-1:0] p);
    logic any, all_p;
    any = 1'b0;
    for (int unsigned j = lo; j < hi; j++) begin   // g_j, then propagated through j+1 .. hi-1
      all_p = 1'b1;
      for (int unsigned k = j + 1; k < hi; k++) all_p = all_p & p[k];
      any = any | (g[j] & all_p);
    end
    all_p = 1'b1;
    for (int unsigned k = lo; k < hi; k++) all_p = all_p & p[k];
    look = any | (cin & all_p);
  endfunction
  always_comb begin
    for (int i = 0; i <= 3; i++) cy[i] = look(0, i, cin_i, dg_g, dg_p);
    for (int i = 4; i <= 5; i++) cy[i] = look(3, i, cy[3], dg_g, dg_p);
    cy[6] = cy[3];                               // TG: one whole work-group more
  end
  always_comb begin
    sum_o = '0;
    for (int d = 0; d < ND; d++) begin
      logic        cout;
      logic [31:0] m;
      cout = dg_g[d] | (dg_p[d] & cy[d]);
      m    = cout ? dg_d[d][31:0] : dg_s[d][31:0];
      if (d < 3 || d == 6) sum_o[32*d +: LW] = LW'(m[LW:0] + (LW+1)'(cy[d]));
      else                 sum_o[32*d +: 32] = m[31:0] + 32'(cy[d]);
    end
  end

  // LSIZE1/2, NGROUPS1 are read above through offsets; LSIZEd's and TILE_GROUPS' upper bits
  // are zero (bad_geometry); the global sizes, LOCAL_BASE, LOCAL_STRIDE and LOCAL_SPAN are not
  // needed here; the narrow digits' upper bits are zero
  logic unused;
  always_comb begin
    unused = ^geom_i[vgiw_cfg_pkg::DESC_W_LOCAL_BASE - G0] ^ ^geom_i[W_TGR][31:LW+1]
           ^ ^geom_i[vgiw_cfg_pkg::DESC_W_GSIZE0 - G0] ^ ^geom_i[vgiw_cfg_pkg::DESC_W_GSIZE1 - G0]
           ^ ^geom_i[vgiw_cfg_pkg::DESC_W_LOCAL_STRIDE - G0] ^ ^geom_i[vgiw_cfg_pkg::DESC_W_LOCAL_SPAN - G0];
    for (int d = 0; d < 3; d++) begin
      unused = unused ^ ^geom_i[W_LS0 + d][31:LW+1];
      unused = unused ^ ^a_i[32*d + LW +: 32 - LW] ^ ^b_i[32*d + LW +: 32 - LW];
    end
    unused = unused ^ ^a_i[32*6 + LW +: 32 - LW] ^ ^b_i[32*6 + LW +: 32 - LW];
  end
endmodule
