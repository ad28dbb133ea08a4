// Special compute unit of the MT-CGRF (VGIW §3.5; SGMF §4.2 "virtual pipelining";
// docs/fabric-units/scu.md): integer divide/remainder, FP32 divide and square root on a
// pool of non-pipelined instances (scu_pool, INSTANCES = vgiw_cfg_pkg::FU_SCU_INSTANCES).
//
// op = cfg.op[2:0] (vgiw_fu_pkg::scu_op_e); a = in0, b = in1 (either may be a constant), in3 an
// optional enable. A complete thread takes its reservation entry (tid mod DEPTH) and goes
// to an idle instance in the same cycle, tagged with the entry index; results come back
// out of order (operand-dependent iteration counts) and are always taken. Finished
// threads leave under the thread-epoch rule (reservation_buffer): out0 = result, out1 = a
// control token when out1_en is set. Token buffer, reservation buffer and epoch gate are
// reorder_unit_core's; this module connects the pool.
module vgiw_scu_unit (
  input  logic                       clk_i,
  input  logic                       rst_ni,
  input  logic                       clear_i,
  input  vgiw_cfg_pkg::unit_cfg_t    cfg_i,
  input  logic [3:0]                 in_valid_i,
  input  logic [3:0][vgiw_cfg_pkg::TOKEN_BITS-1:0] in_tok_i,
  output logic [3:0]                 in_ready_o,
  output logic [1:0]                 out_valid_o,
  output logic [1:0][vgiw_cfg_pkg::TOKEN_BITS-1:0] out_tok_o,
  input  logic [1:0]                 out_ready_i,
  output logic                       busy_o,
  output logic                       fire_o
);
  localparam int unsigned IW    = vgiw_cfg_pkg::FABRIC_TOKEN_INDEX_BITS;
  localparam int unsigned TID_W = vgiw_cfg_pkg::DATAPATH_TID_BITS;

  // ---- to and from the core: operands, token buffer, reservation buffer (below) -------
  /* verilator lint_off UNUSEDSIGNAL */
  logic [2:0][31:0] operand;             // operand 2 has no use here
  logic             rsp_meta;            // no per-entry state is needed to shape the data
  logic [TID_W-1:0] tb_tid;              // its index bits are the instance's tag
  /* verilator lint_on UNUSEDSIGNAL */
  logic             tb_iss_valid;

  // ---- issue: reservation entry and an idle instance in the same cycle ----------------
  logic             pool_in_ready;
  logic             pool_out_valid;
  logic [31:0]      pool_result;
  logic [IW-1:0]    pool_tag;

  // The pool has no clear: an operation in flight at clear_i comes back later; its
  // reservation entry is then a zombie that absorbs the result (reservation_buffer).
  vgiw_scu_pool #(
    .INSTANCES (vgiw_cfg_pkg::FU_SCU_INSTANCES),
    .TAG_W     (IW)
  ) u_scu_pool (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (tb_iss_valid),
    .in_ready_o  (pool_in_ready),
    .op_i        (vgiw_fu_pkg::scu_op_e'(cfg_i.op[2:0])),
    .a_i         (operand[0]),
    .b_i         (operand[1]),
    .tag_i       (tb_tid[IW-1:0]),
    .out_valid_o (pool_out_valid),
    .out_ready_i (1'b1),
    .result_o    (pool_result),
    .tag_o       (pool_tag)
  );

  vgiw_reorder_unit_core #(
    .META_W (1)
  ) u_core (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .clear_i     (clear_i),
    .cfg_i       (cfg_i),
    .in_valid_i  (in_valid_i),
    .in_tok_i    (in_tok_i),
    .in_ready_o  (in_ready_o),
    .out_valid_o (out_valid_o),
    .out_tok_o   (out_tok_o),
    .out_ready_i (out_ready_i),
    .busy_o      (busy_o),
    .fire_o      (fire_o),
    .iss_valid_o (tb_iss_valid),
    .iss_ready_i (pool_in_ready),
    .iss_tid_o   (tb_tid),
    .operand_o   (operand),
    .iss_need_i  ({cfg_i.out1_en, 1'b1}),
    .iss_done_i  (1'b0),
    .iss_data_i  (32'd0),
    .iss_meta_i  (1'b0),
    .unsent_i    ('0),
    .rsp_valid_i (pool_out_valid),
    .rsp_idx_i   (pool_tag),
    .rsp_data_i  (pool_result),
    .rsp_meta_o  (rsp_meta)
  );
endmodule
