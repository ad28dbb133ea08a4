// Compute unit (VGIW §3.5 "compute units", SGMF §5.2): the integer ALU and the FP32
// datapaths merged behind one token buffer and configured by a single op-code,
// op = {class[2:0], sub-op[4:0]} (enum cu_class). All four datapaths are present; the
// configured class receives every firing, so the unit accepts one thread per cycle and,
// the datapaths being in-order pipelines, emits in the order it fires (oldest first),
// which keeps the thread-epoch rule (docs/fabric.md).
module vgiw_cu_unit (
  input  logic                        clk_i,
  input  logic                        rst_ni,
  input  logic                        clear_i,
  input  vgiw_cfg_pkg::unit_cfg_t     cfg_i,
  input  logic [3:0]                  in_valid_i,
  input  logic [3:0][vgiw_cfg_pkg::TOKEN_BITS-1:0] in_tok_i,
  output logic [3:0]                  in_ready_o,
  output logic [1:0]                  out_valid_o,
  output logic [1:0][vgiw_cfg_pkg::TOKEN_BITS-1:0] out_tok_o,
  input  logic [1:0]                  out_ready_i,
  output logic                        busy_o,
  output logic                        fire_o
);
  localparam int unsigned TID_W = vgiw_cfg_pkg::DATAPATH_TID_BITS;
  // Threads inside the datapaths: at most the deepest pipeline (< 64 stages).
  localparam int unsigned CNT_W = 6;

  // ---- operands ---------------------------------------------------------------------
  logic [3:0]       used;
  logic [2:0][31:0] tb_data, operand;
  logic             tb_valid, tb_ready;
  logic [TID_W-1:0] tb_tid;
  logic             tb_busy;

  vgiw_token_buffer #(.DATA_INS(3)) u_token_buffer (
    .clk_i, .rst_ni, .clear_i,
    .used_i      (used),
    .fire_en_i   ('1),              // in order: the oldest complete entry fires
    .in_valid_i,
    .in_tok_i,
    .in_ready_o,
    .out_valid_o (tb_valid),
    .out_ready_i (tb_ready),
    .out_tid_o   (tb_tid),
    .out_data_o  (tb_data),
    .busy_o      (tb_busy),
    // in-order unit: no epoch gate needs the entries' epochs
    /* verilator lint_off PINCONNECTEMPTY */
    .entry_valid_o (),
    .entry_epoch_o ()
    /* verilator lint_on PINCONNECTEMPTY */
  );

  vgiw_unit_operands u_operands (
    .cfg_i     (cfg_i),
    .tb_data_i (tb_data),
    .used_o    (used),
    .operand_o (operand)
  );

  // ---- datapaths ---------------------------------------------------------------------
  logic [2:0] cls;
  logic [4:0] sub;
  assign cls = cfg_i.op[7:5];
  assign sub = cfg_i.op[4:0];

  logic [3:0]             dp_in_valid, dp_in_ready, dp_out_valid;
  logic [3:0][31:0]       dp_result;
  logic [3:0][TID_W-1:0]  dp_tag;
  logic                   out_ready;

  for (genvar i = 0; i < 4; i++) begin : g_dp_valid
    assign dp_in_valid[i] = tb_valid && (cls == 3'(i));
  end

  vgiw_int_alu #(.TAG_W(TID_W)) u_alu (
    .clk_i, .rst_ni,
    .in_valid_i (dp_in_valid[0]), .in_ready_o (dp_in_ready[0]),
    .op_i       (vgiw_fu_pkg::alu_op_e'(sub)),
    .a_i (operand[0]), .b_i (operand[1]), .c_i (operand[2]), .tag_i (tb_tid),
    .out_valid_o (dp_out_valid[0]), .out_ready_i (out_ready && cls == 3'd0),
    .result_o (dp_result[0]), .tag_o (dp_tag[0])
  );

  vgiw_fp_fma #(.TAG_W(TID_W)) u_fma (
    .clk_i, .rst_ni,
    .in_valid_i (dp_in_valid[1]), .in_ready_o (dp_in_ready[1]),
    .op_i       (vgiw_fu_pkg::fma_op_e'(sub[1:0])),
    .a_i (operand[0]), .b_i (operand[1]), .c_i (operand[2]), .tag_i (tb_tid),
    .out_valid_o (dp_out_valid[1]), .out_ready_i (out_ready && cls == 3'd1),
    .result_o (dp_result[1]), .tag_o (dp_tag[1])
  );

  vgiw_fp_cmp #(.TAG_W(TID_W)) u_cmp (
    .clk_i, .rst_ni,
    .in_valid_i (dp_in_valid[2]), .in_ready_o (dp_in_ready[2]),
    .op_i       (vgiw_fu_pkg::fcmp_op_e'(sub)),
    .a_i (operand[0]), .b_i (operand[1]), .tag_i (tb_tid),
    .out_valid_o (dp_out_valid[2]), .out_ready_i (out_ready && cls == 3'd2),
    .result_o (dp_result[2]), .tag_o (dp_tag[2])
  );

  vgiw_fp_cvt #(.TAG_W(TID_W)) u_cvt (
    .clk_i, .rst_ni,
    .in_valid_i (dp_in_valid[3]), .in_ready_o (dp_in_ready[3]),
    .op_i       (vgiw_fu_pkg::fcvt_op_e'(sub[1:0])),
    .a_i (operand[0]), .tag_i (tb_tid),
    .out_valid_o (dp_out_valid[3]), .out_ready_i (out_ready && cls == 3'd3),
    .result_o (dp_result[3]), .tag_o (dp_tag[3])
  );

  assign tb_ready = (cls < 3'd4) && dp_in_ready[cls[1:0]];
  assign fire_o   = tb_valid && tb_ready;

  // ---- output ------------------------------------------------------------------------
  vgiw_cfg_pkg::token_t result_tok;
  logic                 result_valid;
  assign result_valid    = (cls < 3'd4) && dp_out_valid[cls[1:0]];
  assign result_tok.ctrl = 1'b0;
  assign result_tok.tid  = dp_tag[cls[1:0]];
  assign result_tok.data = dp_result[cls[1:0]];
  assign out_ready       = out_ready_i[0];

  assign out_valid_o  = {1'b0, result_valid};
  assign out_tok_o[0] = result_tok;
  assign out_tok_o[1] = '0;

  // Threads inside the datapaths, for drain detection.
  logic [CNT_W-1:0] inflight_q;
  logic             retire;
  assign retire = result_valid && out_ready;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)                inflight_q <= '0;
    else if (fire_o != retire)  inflight_q <= fire_o ? inflight_q + 1'b1 : inflight_q - 1'b1;
  end
  assign busy_o = tb_busy || (inflight_q != '0);

  // out1 is not used by compute units; clear_i needs no action in the datapaths because
  // the fabric is only cleared once it has drained.
  logic unused;
  assign unused = out_ready_i[1] ^ clear_i ^ (^cfg_i.imm) ^ cfg_i.out1_en ^ (^cfg_i.reserved);

`ifndef SYNTHESIS
  a_class: assert property (@(posedge clk_i) disable iff (!rst_ni) !(tb_valid && cls >= 3'd4))
    else $error("cu_unit: op 0x%02x has no datapath class", cfg_i.op);
  a_inflight: assert property (@(posedge clk_i) disable iff (!rst_ni) !(retire && inflight_q == '0 && !fire_o))
    else $error("cu_unit: result without an operation in flight");
`endif
endmodule
