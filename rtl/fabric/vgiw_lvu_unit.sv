// Live value unit of the MT-CGRF (VGIW §3.4, §3.5; docs/fabric-units/lvu.md): loads and
// stores the live values that carry data between basic blocks, addressed by
// <live value ID, thread ID>, through a request/response port (the live value cache,
// rtl/mem/vgiw_lvc.sv, in the core).
//
// op = cfg.op[0] (vgiw_fu_pkg::lvu_op_e), live value ID = cfg.imm[15:0].
//   LOAD:  triggered by in0 (any token; its data is ignored); out0 = LV[id][tid].
//   STORE: LV[id][tid] = in0; nothing on out0.
// Both send a control token on out1 when out1_en is set, once the access has completed
// (its response arrived); in3 is an optional enable. Requests leave through an issue
// register (vgiw_issue_reg); the reservation entry index (tid mod DEPTH) is the request ID, every
// request (store included) gets exactly one response, in any order, and finished threads
// leave under the thread-epoch rule (reservation_buffer, SGMF §4.1). Token buffer,
// reservation buffer and epoch gate are reorder_unit_core's; this module owns the port.
module vgiw_lvu_unit (
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
  output logic                       fire_o,
  // live value port: bundles of arch/formats.toml (vgiw_cfg_pkg::lv_req_t, lv_rsp_t)
  output logic                       lv_req_valid_o,
  input  logic                       lv_req_ready_i,
  output logic [vgiw_cfg_pkg::LV_REQ_BITS-1:0] lv_req_o,
  input  logic                       lv_rsp_valid_i,
  input  logic [vgiw_cfg_pkg::LV_RSP_BITS-1:0] lv_rsp_i
);
  localparam int unsigned DEPTH = vgiw_cfg_pkg::FABRIC_TOKEN_BUFFER_DEPTH;
  localparam int unsigned IW    = vgiw_cfg_pkg::FABRIC_TOKEN_INDEX_BITS;
  localparam int unsigned TID_W = vgiw_cfg_pkg::DATAPATH_TID_BITS;
  // issue register payload: {write, lvid, tid, wdata}; the ID is the tid's low bits
  localparam int unsigned ISS_W = 1 + 16 + TID_W + 32;

  // ---- to and from the core: operands, token buffer, reservation buffer (below) -------
  /* verilator lint_off UNUSEDSIGNAL */  // only operand 0 is used
  logic [2:0][31:0] operand;
  logic             rsp_meta;            // no per-entry state is needed to shape the data
  /* verilator lint_on UNUSEDSIGNAL */
  logic             tb_iss_valid, core_busy;
  logic [TID_W-1:0] tb_tid;

  // ---- issue register ----------------------------------------------------------------
  logic             is_store;
  logic             iss_in_ready, iss_valid;
  logic [ISS_W-1:0] iss_payload;
  logic [TID_W-1:0] iss_tid;
  logic [DEPTH-1:0] unsent;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [IW-1:0]    iss_id;               // iss_tid's low bits again
  /* verilator lint_on UNUSEDSIGNAL */

  assign is_store = vgiw_fu_pkg::lvu_op_e'(cfg_i.op[0]) == vgiw_fu_pkg::LVU_STORE;

  // Nothing leaves during clear, so `unsent` is exact for the zombie rule.
  vgiw_issue_reg #(
    .WIDTH (ISS_W),
    .DEPTH (DEPTH),
    .SPILL (vgiw_cfg_pkg::FABRIC_MEM_REQ_SPILL)
  ) u_issue_reg (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .clear_i  (clear_i),
    .valid_i  (tb_iss_valid),
    .ready_o  (iss_in_ready),
    .data_i   ({is_store, cfg_i.imm[15:0], tb_tid, is_store ? operand[0] : 32'd0}),
    .id_i     (tb_tid[IW-1:0]),
    .valid_o  (iss_valid),
    .ready_i  (lv_req_ready_i),
    .data_o   (iss_payload),
    .id_o     (iss_id),
    .unsent_o (unsent)
  );

  vgiw_cfg_pkg::lv_req_t req;
  vgiw_cfg_pkg::lv_rsp_t rsp;
  assign lv_req_valid_o = iss_valid;
  always_comb begin
    req = '0;
    {req.write, req.lvid, iss_tid, req.wdata} = iss_payload;
    req.tid = iss_tid;
    req.id  = iss_tid[IW-1:0];
  end
  assign lv_req_o = req;
  assign rsp      = lv_rsp_i;

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
    .busy_o      (core_busy),
    .fire_o      (fire_o),
    .iss_valid_o (tb_iss_valid),
    .iss_ready_i (iss_in_ready),
    .iss_tid_o   (tb_tid),
    .operand_o   (operand),
    .iss_need_i  ({cfg_i.out1_en, !is_store}),
    .iss_done_i  (1'b0),
    .iss_data_i  (32'd0),
    .iss_meta_i  (1'b0),
    .unsent_i    (unsent),
    .rsp_valid_i (lv_rsp_valid_i),
    .rsp_idx_i   (rsp.id),
    .rsp_data_i  (rsp.rdata),
    .rsp_meta_o  (rsp_meta)
  );

  assign busy_o = core_busy || |unsent;
endmodule
