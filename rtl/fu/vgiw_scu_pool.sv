// Special compute unit pool: INSTANCES non-pipelined scu_instance circuits behind one issue
// port and one result port (VGIW §3.5 "special compute units"; SGMF §4.2 "virtual
// pipelining": several iterative units made to look like one pipelined unit).
//
// Issue: an operation is accepted in any cycle in which some instance is idle or hands
// its result over (in_ready_o = OR of the instances' in_ready; through the instance whose
// result leaves it depends on out_ready_i) and goes to the lowest-numbered such instance.
// The fabric's scu_unit takes every result at once (out_ready_i = 1), so no path loops.
// Results: complete out of order (integer ops and special operands finish sooner than FP
// ones, and the iteration count depends on the operands) and leave with their tag. An
// instance holding an untaken result stays busy. The result port picks among finished
// instances round-robin: the search starts at the instance after the one granted last,
// so a finished result waits for at most INSTANCES-1 others and none starves. While a
// result is offered but not taken the grant does not move, so result_o/tag_o stay stable
// until the transfer (valid/ready rule). The result port is a multiplexer over the
// instances' result registers (no extra register stage).
// Thread-epoch ordering (SGMF §4.1) is not done here; the fabric's SCU wrapper does it.
//
// Parameters: INSTANCES >= 1 (preset: vgiw_cfg_pkg::FU_SCU_INSTANCES), TAG_W >= 1, and the
// instances' recurrence steps per cycle (presets: FU_SCU_INT/FP_BITS_PER_CYCLE).
// Peak throughput: INSTANCES / (latency + 1) operations per cycle (docs/fu/scu_pool.md).
module vgiw_scu_pool #(
  parameter int unsigned INSTANCES          = vgiw_cfg_pkg::FU_SCU_INSTANCES,
  parameter int unsigned TAG_W              = 8,
  parameter int unsigned INT_BITS_PER_CYCLE = vgiw_cfg_pkg::FU_SCU_INT_BITS_PER_CYCLE,
  parameter int unsigned FP_BITS_PER_CYCLE  = vgiw_cfg_pkg::FU_SCU_FP_BITS_PER_CYCLE
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              in_valid_i,
  output logic              in_ready_o,
  input  vgiw_fu_pkg::scu_op_e   op_i,
  input  logic [31:0]       a_i,
  input  logic [31:0]       b_i,
  input  logic [TAG_W-1:0]  tag_i,
  output logic              out_valid_o,
  input  logic              out_ready_i,
  output logic [31:0]       result_o,
  output logic [TAG_W-1:0]  tag_o
);
  localparam int unsigned IDX_W = (INSTANCES > 1) ? $clog2(INSTANCES) : 1;

  logic [INSTANCES-1:0]            inst_in_valid, inst_in_ready;
  logic [INSTANCES-1:0]            inst_out_valid, inst_out_ready;
  logic [INSTANCES-1:0][31:0]      inst_result;
  logic [INSTANCES-1:0][TAG_W-1:0] inst_tag;

  for (genvar i = 0; i < INSTANCES; i++) begin : g_inst
    vgiw_scu_instance #(
      .TAG_W              (TAG_W),
      .INT_BITS_PER_CYCLE (INT_BITS_PER_CYCLE),
      .FP_BITS_PER_CYCLE  (FP_BITS_PER_CYCLE)
    ) u_inst (
      .clk_i       (clk_i),
      .rst_ni      (rst_ni),
      .in_valid_i  (inst_in_valid[i]),
      .in_ready_o  (inst_in_ready[i]),
      .op_i        (op_i),
      .a_i         (a_i),
      .b_i         (b_i),
      .tag_i       (tag_i),
      .out_valid_o (inst_out_valid[i]),
      .out_ready_i (inst_out_ready[i]),
      .result_o    (inst_result[i]),
      .tag_o       (inst_tag[i])
    );
  end

  // ---- issue: lowest-numbered idle instance ----------------------------------------------
  logic [INSTANCES-1:0] issue_pick;   // one-hot (or zero when all are busy)
  assign issue_pick    = inst_in_ready & (~inst_in_ready + INSTANCES'(1));
  assign inst_in_valid = in_valid_i ? issue_pick : '0;
  assign in_ready_o    = |inst_in_ready;

  // ---- results: round-robin among finished instances ---------------------------------
  if (INSTANCES == 1) begin : g_single
    assign out_valid_o    = inst_out_valid[0];
    assign result_o       = inst_result[0];
    assign tag_o          = inst_tag[0];
    assign inst_out_ready = out_ready_i;
  end else begin : g_rr
    logic [IDX_W-1:0] out_idx;
    logic             out_found;

    // After a transfer the search starts behind the granted instance; while the offered
    // result waits it starts at that instance (HOLD), which keeps the offer stable.
    vgiw_rr_arbiter #(.N(INSTANCES), .HOLD(1'b1)) u_out_arb (
      .clk_i, .rst_ni,
      .req_i   (inst_out_valid),
      .ready_i (out_ready_i),
      .valid_o (out_found),
      .idx_o   (out_idx)
    );

    assign out_valid_o = out_found;
    assign result_o    = inst_result[out_idx];
    assign tag_o       = inst_tag[out_idx];

    always_comb begin
      inst_out_ready          = '0;
      inst_out_ready[out_idx] = out_found && out_ready_i;
    end
  end

`ifndef SYNTHESIS
  initial begin
    assert (INSTANCES >= 1) else $fatal(1, "scu_pool: INSTANCES must be >= 1");
  end
`endif

endmodule
