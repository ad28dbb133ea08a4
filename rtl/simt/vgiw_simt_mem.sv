// Memory side of the SIMT core (docs/simt.md "Memory"): the banked L1 data cache with the
// preset's [l1] parameters (the cache logic of vgiw_core's L1: rtl/mem/banked_cache on
// cache_bank, VGIW Table 1; instantiated, not changed) with one word port per lane, and the
// core's line-granular memory port shared by the L1 banks and the instruction cache refills.
//
// Memory request IDs as in mem_system: L1 bank b uses b*S1 .. b*S1+S1-1 (S1 = 2^(log2(mshrs)+1),
// the bank's local IDs: refills and write-backs), the instruction cache the next ID. Every ID in
// flight is unique, so the next level may answer in any order. A round-robin arbiter chooses
// among the requesters and keeps offering a refused request until it is taken.
module vgiw_simt_mem #(
  parameter  int unsigned T     = vgiw_cfg_pkg::SIMT_LANES,
  parameter  int unsigned IW    = 1,                         // word-port ID width
  localparam int unsigned L     = vgiw_cfg_pkg::L1_LINE_BYTES,
  localparam int unsigned B1    = vgiw_cfg_pkg::L1_BANKS,
  localparam int unsigned M1    = vgiw_cfg_pkg::L1_MSHRS
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  // word ports (simt_lsu)
  input  logic [T-1:0]          req_valid_i,
  output logic [T-1:0]          req_ready_o,
  input  logic [T-1:0][31:0]    req_addr_i,
  input  logic [T-1:0]          req_write_i,
  input  logic [T-1:0][31:0]    req_wdata_i,
  input  logic [T-1:0][3:0]     req_be_i,
  input  logic [T-1:0][IW-1:0]  req_id_i,
  output logic [T-1:0]          rsp_valid_o,
  output logic [T-1:0][IW-1:0]  rsp_id_o,
  output logic [T-1:0][31:0]    rsp_rdata_o,
  input  logic                  flush_i,       // pulse: write back every dirty line, invalidate
  output logic                  flush_done_o,
  output logic                  error_o,       // a response to the L1 carried an error (sticky)
  input  logic                  clear_i,       // clears error_o (launch)
  // instruction cache refills (simt_icache)
  input  logic                  ic_valid_i,
  output logic                  ic_ready_o,
  input  logic [31:0]           ic_addr_i,
  output logic                  ic_rsp_o,
  // counter increments (banked_cache; bundle cache_inc of arch/formats.toml)
  output logic [vgiw_cfg_pkg::CACHE_INC_BITS-1:0] cache_inc_o,
  // memory port (line-granular: the line_req / line_rsp bundles of vgiw_core, arch/formats.toml)
  output logic                  line_req_valid_o,
  input  logic                  line_req_ready_i,
  output logic [vgiw_cfg_pkg::LINE_REQ_BITS-1:0] line_req_o,
  input  logic                  line_rsp_valid_i,
  output logic                  line_rsp_ready_o,
  input  logic [vgiw_cfg_pkg::LINE_RSP_BITS-1:0] line_rsp_i
);
  localparam int unsigned SETS = vgiw_cfg_pkg::L1_BYTES / (B1 * L * vgiw_cfg_pkg::L1_WAYS);
  localparam int unsigned LID  = $clog2(M1) + 1;
  localparam int unsigned S1   = 1 << LID;
  localparam int unsigned ICID = B1 * S1;          // the instruction cache's memory ID
  localparam int unsigned R    = B1 + 1;           // requesters: L1 banks, instruction cache
  localparam int unsigned RW   = $clog2(R);

  if (ICID + 1 > 256) begin : g_bad_ids
    $error("simt_mem: %0d memory request IDs needed, the port has 8 bits", ICID + 1);
  end

  logic [B1-1:0]            b_valid, b_ready, b_rsp;
  logic [B1-1:0][vgiw_cfg_pkg::LINE_REQ_BITS-1:0] b_req;   // line bundles: IDs are the banks' local IDs
  /* verilator lint_off UNUSEDSIGNAL */
  vgiw_cfg_pkg::line_rsp_t  rsp;                     // its line goes to the banks and the icache
  /* verilator lint_on UNUSEDSIGNAL */
  assign rsp = line_rsp_i;
  /* verilator lint_off UNUSEDSIGNAL */
  logic                     busy;                  // for debugging
  /* verilator lint_on UNUSEDSIGNAL */

  vgiw_banked_cache #(
    .PORTS (T), .BANKS (B1), .SETS (SETS), .WAYS (vgiw_cfg_pkg::L1_WAYS), .LINE_BYTES (L),
    .MSHRS (M1), .TARGETS (vgiw_cfg_pkg::L1_MSHR_TARGETS),
    .DATA (vgiw_cfg_pkg::L1_MSHR_DATA), .IW (IW), .FLUSH_WB (1'b1)
  ) u_l1 (
    .clk_i, .rst_ni,
    .req_valid_i, .req_ready_o, .req_addr_i, .req_write_i, .req_be_i, .req_wdata_i, .req_id_i,
    .req_amo_i ('0), .req_cmp_i ('0),   // RV32IMF: no A extension, no atomics
    .rsp_valid_o, .rsp_id_o, .rsp_rdata_o,
    .flush_i, .flush_done_o, .busy_o (busy),
    .line_req_valid_o (b_valid), .line_req_ready_i (b_ready), .line_req_o (b_req),
    .line_rsp_valid_i (b_rsp), .line_rsp_i (line_rsp_i),
    .cache_inc_o
  );

  // ---- memory port arbiter ----------------------------------------------------------------------
  // the common round-robin arbiter (mem_system's memory port too); HOLD keeps a refused request
  // offered until it is taken (valid/ready rule)
  logic [R-1:0]  rq_valid;
  logic [RW-1:0] arb_idx;
  logic          arb_valid;
  assign rq_valid = {ic_valid_i, b_valid};
  vgiw_rr_arbiter #(.N(R), .HOLD(1'b1)) u_port_arb (
    .clk_i, .rst_ni, .req_i (rq_valid), .ready_i (line_req_ready_i), .valid_o (arb_valid), .idx_o (arb_idx)
  );
  /* verilator lint_off UNUSEDSIGNAL */  // a bank's local ID is LID bits
  vgiw_cfg_pkg::line_req_t q;
  /* verilator lint_on UNUSEDSIGNAL */
  vgiw_cfg_pkg::line_req_t oq;                     // the request offered on the memory port
  always_comb begin
    q                = '0;
    line_req_valid_o = arb_valid;
    oq.addr          = ic_addr_i;
    oq.write         = 1'b0;
    oq.wdata         = '0;
    oq.id            = 8'(ICID);
    b_ready          = '0;
    for (int b = 0; b < B1; b++) begin
      if (arb_idx == RW'(b)) begin
        q        = b_req[b];
        oq.addr  = q.addr;
        oq.write = q.write;
        oq.wdata = q.wdata;
        oq.id    = 8'(b * S1) + 8'(q.id[LID-1:0]);
      end
      b_ready[b] = arb_valid && line_req_ready_i && arb_idx == RW'(b);
      b_rsp[b]   = line_rsp_valid_i && rsp.id >= 8'(b * S1) && rsp.id < 8'((b + 1) * S1);
    end
  end
  assign line_req_o       = oq;
  assign ic_ready_o       = arb_valid && line_req_ready_i && arb_idx == RW'(B1);
  assign ic_rsp_o         = line_rsp_valid_i && rsp.id == 8'(ICID);
  assign line_rsp_ready_o = 1'b1;

  logic error_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      error_q <= 1'b0;
    end else begin
      if (clear_i) error_q <= 1'b0;
      if (line_rsp_valid_i && rsp.error && !ic_rsp_o) error_q <= 1'b1;
    end
  end
  assign error_o = error_q;

`ifndef SYNTHESIS
  always_ff @(posedge clk_i) begin
    if (rst_ni && line_rsp_valid_i) begin
      assert (int'(rsp.id) <= ICID) else $error("simt_mem: response with unknown ID %0d", rsp.id);
    end
  end
`endif
endmodule
