// The banked L1 data cache (VGIW Table 1; docs/mem.md): the LDST ports of the fabric on a
// banked_cache. LDST requests carry store data in the low bits (docs/fabric-units/ldst.md);
// the L1 moves it to the byte lane its byte enables name. Loads return the whole aligned word.
module vgiw_l1 #(
  localparam int unsigned NL    = vgiw_cfg_pkg::UNITS_LDST,
  localparam int unsigned IW    = vgiw_cfg_pkg::FABRIC_TOKEN_INDEX_BITS,
  localparam int unsigned BANKS = vgiw_cfg_pkg::L1_BANKS,
  localparam int unsigned LINE  = vgiw_cfg_pkg::L1_LINE_BYTES,
  localparam int unsigned WAYS  = vgiw_cfg_pkg::L1_WAYS,
  localparam int unsigned SETS  = vgiw_cfg_pkg::L1_BYTES / (BANKS * LINE * WAYS),
  localparam int unsigned MSHRS = vgiw_cfg_pkg::L1_MSHRS,
  localparam int unsigned TGTS  = vgiw_cfg_pkg::L1_MSHR_TARGETS,
  localparam int unsigned DATA  = vgiw_cfg_pkg::L1_MSHR_DATA
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  input  logic [NL-1:0]             ldst_req_valid_i,
  output logic [NL-1:0]             ldst_req_ready_o,
  input  logic [NL-1:0][vgiw_cfg_pkg::LDST_REQ_BITS-1:0] ldst_req_i,
  output logic [NL-1:0]             ldst_rsp_valid_o,
  output logic [NL-1:0][vgiw_cfg_pkg::LDST_RSP_BITS-1:0] ldst_rsp_o,
  input  logic                      flush_i,
  output logic                      flush_done_o,
  output logic                      busy_o,
  output logic [BANKS-1:0]          line_req_valid_o,
  input  logic [BANKS-1:0]          line_req_ready_i,
  output logic [BANKS-1:0][vgiw_cfg_pkg::LINE_REQ_BITS-1:0] line_req_o,
  input  logic [BANKS-1:0]          line_rsp_valid_i,
  input  logic [vgiw_cfg_pkg::LINE_RSP_BITS-1:0] line_rsp_i,
  output logic [vgiw_cfg_pkg::CACHE_INC_BITS-1:0] cache_inc_o
);
  // the bundles' fields (the access size is implied by the byte enables)
  logic [NL-1:0][31:0]   req_addr, wdata_lane, rsp_rdata;
  logic [NL-1:0]         req_write;
  logic [NL-1:0][3:0]    req_be, req_amo;   // amo: atomic, performed at the bank (vgiw_cache_bank.sv)
  logic [NL-1:0][31:0]   req_cmp;
  logic [NL-1:0][IW-1:0] req_id, rsp_id;
  for (genvar p = 0; p < NL; p++) begin : g_port
    vgiw_cfg_pkg::ldst_req_t req;
    vgiw_cfg_pkg::ldst_rsp_t rsp;
    /* verilator lint_off UNUSEDSIGNAL */
    logic [1:0] size_unused;
    /* verilator lint_on UNUSEDSIGNAL */
    assign req           = ldst_req_i[p];
    assign req_addr[p]   = req.addr;
    assign req_write[p]  = req.write;
    assign req_be[p]     = req.be;
    assign req_id[p]     = req.id;
    assign req_amo[p]    = req.amo;
    assign req_cmp[p]    = req.cmp;
    assign size_unused   = req.size;
    assign wdata_lane[p] = req.wdata << (8 * req.addr[1:0]);
    assign rsp.id        = rsp_id[p];
    assign rsp.rdata     = rsp_rdata[p];
    assign ldst_rsp_o[p] = rsp;
  end

  vgiw_banked_cache #(
    .PORTS(NL), .BANKS(BANKS), .SETS(SETS), .WAYS(WAYS), .LINE_BYTES(LINE), .MSHRS(MSHRS),
    .TARGETS(TGTS), .DATA(DATA), .IW(IW),
    .FLUSH_WB(1'b1), .REQ_SKID(vgiw_cfg_pkg::L1_REQ_SKID)
  ) u_cache (
    .clk_i, .rst_ni,
    .req_valid_i (ldst_req_valid_i), .req_ready_o (ldst_req_ready_o), .req_addr_i (req_addr),
    .req_write_i (req_write), .req_be_i (req_be), .req_wdata_i (wdata_lane), .req_id_i (req_id),
    .req_amo_i (req_amo), .req_cmp_i (req_cmp),
    .rsp_valid_o (ldst_rsp_valid_o), .rsp_id_o (rsp_id), .rsp_rdata_o (rsp_rdata),
    .flush_i, .flush_done_o, .busy_o,
    .line_req_valid_o, .line_req_ready_i, .line_req_o, .line_rsp_valid_i, .line_rsp_i,
    .cache_inc_o
  );
endmodule
