// Leading-zero counter: number of zero bits above the most significant one of data_i.
//
// Purely combinational, built as a balanced binary tree (depth log2(WIDTH)) rather than a
// priority chain, so it sits well in a pipeline stage next to a barrel shifter (used by
// the normalizer of rtl/fu/vgiw_fp_fma.sv). The input is padded below its LSB with ones, so
// an all-zero input counts WIDTH (and raises empty_o).
module vgiw_lzc #(
  parameter int unsigned WIDTH = 32,
  // count width: at least enough for the value WIDTH (smaller stops elaboration)
  parameter int unsigned CNT_W = $clog2(WIDTH + 1)
) (
  input  logic [WIDTH-1:0] data_i,
  output logic [CNT_W-1:0] cnt_o,
  output logic             empty_o
);
  // Tree leaves: a power of two strictly greater than WIDTH, so at least one pad bit exists.
  localparam int unsigned LEVELS = $clog2(WIDTH + 1);
  localparam int unsigned LEAVES = 1 << LEVELS;

  // Too narrow a count: stop elaboration in both Verilator and Yosys (missing module).
  if (CNT_W < LEVELS) begin : g_bad_cnt_w
    $fatal(1, "lzc: CNT_W too small for WIDTH");
    lzc_error_cnt_w_too_small u_stop ();
  end

  logic [LEAVES-1:0] padded;
  assign padded = {data_i, {(LEAVES - WIDTH){1'b1}}};

  // node_has[i] / node_cnt[i]: does node i of the current level hold a one, and how many
  // zeros lie above its first one. Level k reduces node pairs (2i+1 = upper, 2i = lower)
  // into node i; writing index i only after reading 2i and 2i+1 (i <= 2i) keeps the
  // in-place update correct, and the dataflow is the tree.
  logic [LEAVES-1:0]             node_has;
  logic [LEAVES-1:0][LEVELS-1:0] node_cnt;

  always_comb begin
    node_has = padded;
    node_cnt = '0;
    for (int unsigned k = 0; k < LEVELS; k++) begin
      for (int unsigned i = 0; i < (LEAVES >> (k + 1)); i++) begin
        if (node_has[2*i+1]) begin
          node_cnt[i] = node_cnt[2*i+1];
        end else begin
          node_cnt[i] = node_cnt[2*i] | (LEVELS'(1) << k);
        end
        node_has[i] = node_has[2*i+1] | node_has[2*i];
      end
    end
  end

  assign cnt_o   = CNT_W'(node_cnt[0]);
  assign empty_o = ~|data_i;

endmodule
