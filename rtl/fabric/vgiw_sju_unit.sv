// Split/join unit (VGIW §3.5 "split/join units", SGMF §4.3–4.4, §5.2 control units).
//   JOIN : fires when every used input (in0..in3) has arrived for a thread and sends one
//          token to out0 (and out1 if enabled): in0's value, or a control token when in0
//          is unused. With only in0 used this is a split: one value, two outputs, each
//          fanned out again by the interconnect.
//   DELAY: in0 passes through a FIFO holding up to imm tokens (1..SJU_FIFO_DEPTH): skid
//          capacity that balances reconvergent paths of different lengths (SGMF §4.4).
// The token buffer fires oldest first and the FIFO keeps order: epoch order holds.
module vgiw_sju_unit (
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
  localparam int unsigned FIFO_DEPTH = vgiw_cfg_pkg::FABRIC_SJU_FIFO_DEPTH;
  localparam int unsigned CW = $clog2(FIFO_DEPTH + 1);
  localparam int unsigned TOKEN_W = vgiw_cfg_pkg::TOKEN_BITS;

  logic [3:0]       used;
  logic [2:0][31:0] operand;
  logic [0:0][31:0] tb_data;
  logic             tb_valid, tb_ready, tb_busy;
  logic [TID_W-1:0] tb_tid;

  vgiw_token_buffer #(.DATA_INS(1)) u_token_buffer (
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

  // Constants make no sense on a join; only the used mask matters here.
  /* verilator lint_off UNUSEDSIGNAL */
  logic [2:0][31:0] unused_operand;
  /* verilator lint_on UNUSEDSIGNAL */
  vgiw_unit_operands u_operands (
    .cfg_i     (cfg_i),
    .tb_data_i ({64'd0, tb_data[0]}),
    .used_o    (used),
    .operand_o (operand)
  );
  assign unused_operand = operand;

  // ---- FIFO: capacity 1 for JOIN, imm for DELAY ------------------------------------------
  logic                 delay;
  logic [CW-1:0]        limit;
  vgiw_cfg_pkg::token_t fire_tok, head_tok;
  logic                 head_valid, head_ready;
  logic [CW-1:0]        fifo_count;

  assign delay         = cfg_i.op[0] == vgiw_fu_pkg::SJU_DELAY;
  assign limit         = delay ? ((cfg_i.imm > 32'(FIFO_DEPTH)) ? CW'(FIFO_DEPTH) : CW'(cfg_i.imm)) : CW'(1);
  assign fire_tok.ctrl = !used[0];
  assign fire_tok.tid  = tb_tid;
  assign fire_tok.data = used[0] ? tb_data[0] : 32'd0;

  vgiw_stream_fifo #(.WIDTH(TOKEN_W), .DEPTH(FIFO_DEPTH)) u_fifo (
    .clk_i, .rst_ni, .clear_i,
    .limit_i (limit),
    .valid_i (tb_valid),
    .ready_o (tb_ready),
    .data_i  (fire_tok),
    .valid_o (head_valid),
    .ready_i (head_ready),
    .data_o  (head_tok),
    .count_o (fifo_count)
  );
  assign fire_o = tb_valid && tb_ready;

  // ---- outputs: out0, and out1 when enabled, each takes the head once ------------------------
  vgiw_stream_fork #(.N(2)) u_fork (
    .clk_i, .rst_ni, .clear_i,
    .valid_i  (head_valid),
    .ready_o  (head_ready),
    .enable_i ({cfg_i.out1_en, 1'b1}),
    .valid_o  (out_valid_o),
    .ready_i  (out_ready_i)
  );
  assign out_tok_o[0] = head_tok;
  assign out_tok_o[1] = head_tok;

  assign busy_o = tb_busy || (fifo_count != '0);

  logic unused;
  assign unused = ^cfg_i.op[7:1] ^ ^cfg_i.imm[31:CW] ^ (^cfg_i.reserved);
endmodule
