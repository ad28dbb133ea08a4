// One special compute unit instance (VGIW §3.5 "special compute units"; SGMF §4.2): holds
// one operation at a time, from acceptance until its result has been taken.
//
// It contains both iterative circuits, int_div (DIV, DIVU, REM, REMU) and fp_divsqrt
// (FDIV, FSQRT), and starts the one the operation needs; the other stays idle. The
// operands and the tag are registered on acceptance (START), so the circuits' operand
// preparation (absolute values, leading-zero counts, normalization) starts from flops
// rather than from the pool's input port, and the tag is held here until the result
// leaves. Keeping two circuits instead of one merged datapath costs one more subtractor
// array and its iteration registers per instance but keeps each circuit simple and
// independently parameterizable; docs/fu/scu_pool.md gives the measured area.
//
//   IDLE   in_ready_o; an operation is accepted on in_valid_i.
//   START  the chosen circuit accepts the registered operands (it is idle here).
//   RUN    waits for the circuit's result; out_valid_o until out_ready_i, then IDLE, or
//          START at once when a new operation is accepted in the cycle the result leaves
//          (in_ready_o is also 1 then), so back-to-back operations lose no cycle in IDLE.
// Latency from accept to out_valid_o: 1 + the circuit's latency (int_div: at most
// 2 + 32 / INT_BITS_PER_CYCLE, less for small dividends, 1 for x/0; fp_divsqrt: at most
// 2 + 24 / FP_BITS_PER_CYCLE, plus 1 + leading zeros for a subnormal operand, 1 for special
// operands). An instance accepts the next operation in the cycle its result is taken
// (in_ready_o = IDLE or result leaving: it depends on out_ready_i), so it is occupied for
// exactly its latency: the scu_unit takes every result at once (out_ready_i = 1), and
// the cycle that used to pass in IDLE between two operations was a sixteenth of an FSQRT's
// occupancy at 2 bits per cycle (docs/fu/scu_pool.md "Latency and throughput").
module vgiw_scu_instance #(
  parameter int unsigned TAG_W              = 8,
  // steps per cycle of the two circuits; the pool passes the preset's (arch/ [fu])
  parameter int unsigned INT_BITS_PER_CYCLE = vgiw_cfg_pkg::FU_SCU_INT_BITS_PER_CYCLE,  // divides 32
  parameter int unsigned FP_BITS_PER_CYCLE  = vgiw_cfg_pkg::FU_SCU_FP_BITS_PER_CYCLE    // divides 24
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
  typedef enum logic [1:0] {
    ST_IDLE  = 2'd0,
    ST_START = 2'd1,
    ST_RUN   = 2'd2
  } state_e;

  state_e           state_q, state_d;
  vgiw_fu_pkg::scu_op_e  op_q;
  logic [31:0]      a_q, b_q;
  logic [TAG_W-1:0] tag_q;
  logic             is_fp;

  assign is_fp = (op_q == vgiw_fu_pkg::SCU_FDIV) || (op_q == vgiw_fu_pkg::SCU_FSQRT);

  logic        int_in_valid, int_in_ready, int_out_valid, int_out_ready;
  logic        fp_in_valid, fp_in_ready, fp_out_valid, fp_out_ready;
  logic [31:0] int_result, fp_result;

  assign int_in_valid  = (state_q == ST_START) && !is_fp;
  assign fp_in_valid   = (state_q == ST_START) && is_fp;
  assign int_out_ready = (state_q == ST_RUN) && !is_fp && out_ready_i;
  assign fp_out_ready  = (state_q == ST_RUN) && is_fp && out_ready_i;

  vgiw_int_div #(
    .BITS_PER_CYCLE (INT_BITS_PER_CYCLE)
  ) u_int_div (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (int_in_valid),
    .in_ready_o  (int_in_ready),
    .op_i        (op_q),
    .a_i         (a_q),
    .b_i         (b_q),
    .out_valid_o (int_out_valid),
    .out_ready_i (int_out_ready),
    .result_o    (int_result)
  );

  /* verilator lint_off UNUSEDSIGNAL */
  logic [4:0] fp_flags;
  /* verilator lint_on UNUSEDSIGNAL */
  vgiw_fp_divsqrt #(
    .BITS_PER_CYCLE (FP_BITS_PER_CYCLE)
  ) u_fp_divsqrt (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (fp_in_valid),
    .in_ready_o  (fp_in_ready),
    .op_i        (op_q),
    .a_i         (a_q),
    .b_i         (b_q),
    .rm_i        (3'd0),            // RNE: VGIW has one rounding mode (docs/arithmetic.md)
    .out_valid_o (fp_out_valid),
    .out_ready_i (fp_out_ready),
    .result_o    (fp_result),
    .flags_o     (fp_flags)         // unused: VGIW has no exception flags
  );

  assign out_valid_o = (state_q == ST_RUN) && (is_fp ? fp_out_valid : int_out_valid);
  assign in_ready_o  = (state_q == ST_IDLE) || (out_valid_o && out_ready_i);
  assign result_o    = is_fp ? fp_result : int_result;
  assign tag_o       = tag_q;

  always_comb begin
    state_d = state_q;
    unique case (state_q)
      ST_IDLE:  if (in_valid_i) state_d = ST_START;
      ST_START: state_d = ST_RUN;
      ST_RUN:   if (out_valid_o && out_ready_i) state_d = in_valid_i ? ST_START : ST_IDLE;
      default:  state_d = ST_IDLE;
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= ST_IDLE;
      op_q    <= vgiw_fu_pkg::SCU_DIV;
      a_q     <= '0;
      b_q     <= '0;
      tag_q   <= '0;
    end else begin
      state_q <= state_d;
      if (in_valid_i && in_ready_o) begin
        op_q  <= op_i;
        a_q   <= a_i;
        b_q   <= b_i;
        tag_q <= tag_i;
      end
    end
  end

`ifndef SYNTHESIS
  // The circuit chosen in START must be idle: it finished and was released in RUN.
  always_ff @(posedge clk_i) begin
    if (rst_ni && state_q == ST_START) begin
      assert (is_fp ? fp_in_ready : int_in_ready)
        else $error("scu_instance: circuit busy at START");
    end
  end
`endif

endmodule
