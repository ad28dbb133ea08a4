// Configuration prefetch choice of the basic block scheduler (VGIW §2, §3.2; docs/ctrl.md
// "Configuration cache"). Combinational. The next block to run is the smallest block ID with a
// non-empty CVT vector. While block cur_i runs, the next one is the smallest non-empty block once
// cur_i drains, so it is one of: the smallest other non-empty block and the two successors of
// cur_i named in the block table. The smallest other non-empty block comes from the two smallest
// non-empty blocks (low_i, from vgiw_lowest2 over the CVT summary in vgiw_bbs): the lowest, or
// the next when the lowest is cur_i. These three candidates are probed in the configuration
// cache (bbs_cfg_cache); of those not on chip, the smallest block ID (the likeliest to be
// selected next) is the one to prefetch. cur_i itself is in the fabric and needs no fetch to run
// again. When all three are on chip, the successors of the block expected next (tgt_i, the
// shadow target, with deep_i) are the candidates: the fetch of the block after next starts while
// the current block runs (VGIW §3.2 prefetches "the configurations of the following blocks"), so
// a chain of short blocks, each shorter than a configuration's fetch from memory, borrows the
// time of the longer ones (docs/ctrl.md "Configuration cache").
module vgiw_bbs_prefetch #(
  localparam int unsigned MAXB = vgiw_cfg_pkg::BBS_MAX_BLOCKS,
  localparam int unsigned BW   = (MAXB > 1) ? $clog2(MAXB) : 1,
  localparam int unsigned SB   = vgiw_cfg_pkg::BT_SUCC_BITS
) (
  input  logic [1:0]         low_vld_i,        // the two smallest non-empty blocks (vgiw_lowest2)
  input  logic [1:0][BW-1:0] low_i,
  input  logic [BW-1:0]      cur_i,            // the block in the fabric
  input  logic [SB-1:0]      succ0_i,          // its successors (block table)
  input  logic [SB-1:0]      succ1_i,
  input  logic               deep_i,           // tgt_i is the block expected next
  input  logic [BW-1:0]      tgt_i,
  input  logic [SB-1:0]      tsucc0_i,         // its successors (block table)
  input  logic [SB-1:0]      tsucc1_i,
  // candidates: other non-empty, succ0, succ1, then the successors of tgt_i
  output logic [4:0][BW-1:0] cand_o,
  output logic               other_vld_o,      // candidate 0 (the smallest other non-empty) exists
  input  logic [4:0]         cand_hit_i,       // each on chip (configuration cache probe)
  output logic [BW-1:0]      predict_o,        // the block to prefetch
  output logic               predict_vld_o
);
  localparam logic [SB-1:0] SUCC_NONE = vgiw_cfg_pkg::BT_SUCC_NONE;

  // the smallest non-empty block other than cur_i: the lowest, or when that is cur_i the next
  logic other_is_next;
  assign other_is_next = low_vld_i[0] && low_i[0] == cur_i;

  logic [4:0] cand_vld;
  assign cand_o[0]   = other_is_next ? low_i[1] : low_i[0];
  assign cand_o[1]   = BW'(succ0_i);
  assign cand_o[2]   = BW'(succ1_i);
  assign cand_o[3]   = BW'(tsucc0_i);
  assign cand_o[4]   = BW'(tsucc1_i);
  assign cand_vld[0] = other_is_next ? low_vld_i[1] : low_vld_i[0];
  assign cand_vld[1] = succ0_i != SUCC_NONE && BW'(succ0_i) != cur_i;
  assign cand_vld[2] = succ1_i != SUCC_NONE && BW'(succ1_i) != cur_i;
  assign cand_vld[3] = deep_i && tsucc0_i != SUCC_NONE && BW'(tsucc0_i) != cur_i && BW'(tsucc0_i) != tgt_i;
  assign cand_vld[4] = deep_i && tsucc1_i != SUCC_NONE && BW'(tsucc1_i) != cur_i && BW'(tsucc1_i) != tgt_i;
  // the smallest candidate not on chip among the next block's; only when all of those are on
  // chip, the smallest among the block after next's
  logic [BW-1:0] near, far;
  logic          near_vld, far_vld;
  always_comb begin
    near     = '0;
    near_vld = 1'b0;
    for (int c = 0; c < 3; c++) begin
      if (cand_vld[c] && !cand_hit_i[c] && (!near_vld || cand_o[c] < near)) begin
        near     = cand_o[c];
        near_vld = 1'b1;
      end
    end
    far     = '0;
    far_vld = 1'b0;
    for (int c = 3; c < 5; c++) begin
      if (cand_vld[c] && !cand_hit_i[c] && (!far_vld || cand_o[c] < far)) begin
        far     = cand_o[c];
        far_vld = 1'b1;
      end
    end
  end
  assign other_vld_o   = cand_vld[0];
  assign predict_o     = near_vld ? near : far;
  assign predict_vld_o = near_vld || far_vld;
endmodule
