// Mixed-radix addition of two thread-coordinate numbers (cvu_coords; docs/fabric-units/cvu.md
// "Coordinates"). Digits in 32-bit slots, digit i in bits 32i+31:32i:
//   0..2  L0..L2  local ID per dimension, radix LSIZEd
//   3..5  G0..G2  group ID per dimension, radix NGROUPS0, NGROUPS1, none (G2 takes the rest)
//   6     TG      linear group ID mod TILE_GROUPS
// Both operands in range (every digit below its radix) give a sum in range: a digit plus a
// digit plus a carry is below twice the radix, so one conditional subtraction and one carry
// per digit suffice. A carry out of L2 is one whole work-group: it enters G0 and TG.
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

  always_comb begin
    logic        c, cg, w;
    logic [32:0] s;
    logic [31:0] ng;
    logic [LW:0] sl, rl;                        // a narrow digit's sum and radix
    sum_o = '0;
    c = cin_i;
    // local IDs: radix LSIZEd <= 2^LW
    for (int d = 0; d < 3; d++) begin
      rl = geom_i[W_LS0 + d][LW:0];
      sl = {1'b0, a_i[32*d +: LW]} + {1'b0, b_i[32*d +: LW]} + (LW+1)'(c);
      w  = sl >= rl;
      sum_o[32*d +: LW] = LW'(w ? sl - rl : sl);
      c  = w;
    end
    cg = c;                                     // one whole work-group more
    // group IDs
    for (int d = 0; d < 3; d++) begin
      ng = (d == 0) ? geom_i[W_NG0] : geom_i[W_NG1];
      s  = {1'b0, a_i[32*(3+d) +: 32]} + {1'b0, b_i[32*(3+d) +: 32]} + 33'(c);
      w  = (d < 2) && s >= {1'b0, ng};          // G2 has no radix
      sum_o[32*(3+d) +: 32] = w ? s[31:0] - ng : s[31:0];
      c = w;
    end
    // work-group within the tile (radix TILE_GROUPS <= 2^LW)
    rl = geom_i[W_TGR][LW:0];
    sl = {1'b0, a_i[32*6 +: LW]} + {1'b0, b_i[32*6 +: LW]} + (LW+1)'(cg);
    w  = sl >= rl;
    sum_o[32*6 +: LW] = LW'(w ? sl - rl : sl);
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
