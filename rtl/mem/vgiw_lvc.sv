// The live value cache (VGIW §3.4; docs/mem.md): the LVU ports of the fabric on a banked_cache
// over the live value matrix, <lvid, tid> at lv_base + 4*(lvid*(T + LW) + tid), LW = words per
// line. The row stride is skewed by one line: T is a multiple of 64 threads, so an unskewed
// stride of 4T bytes is, for the large tiles kernels get (T = 2048 on small: 8 KB), a multiple of
// banks*sets*line; all live values of one thread group then shared a bank and a set, and a block
// with more live values than ways thrashed (VGIW §3.4 spreads a group's live values). With T + LW
// the stride in lines is odd (a line holds at most 32 words, so T/LW is even), hence prime to
// BANKS*SETS: BANKS consecutive rows fall in distinct banks (docs/mem.md "LVC"). A register per
// port holds the computed address so the multiplier stays off the crossbar path (one cycle).
// Lines are L1-sized and spill straight to the core's line port (not through the L1): the
// matrix is private to the LVC, so no other cache holds its lines. A flush drops every line.
module vgiw_lvc #(
  localparam int unsigned NV    = vgiw_cfg_pkg::UNITS_LVU,
  localparam int unsigned IW    = vgiw_cfg_pkg::FABRIC_TOKEN_INDEX_BITS,
  localparam int unsigned BANKS = vgiw_cfg_pkg::LVC_BANKS,
  localparam int unsigned LINE  = vgiw_cfg_pkg::L1_LINE_BYTES,
  localparam int unsigned WAYS  = vgiw_cfg_pkg::LVC_WAYS,
  localparam int unsigned SETS  = vgiw_cfg_pkg::LVC_BYTES / (BANKS * LINE * WAYS),
  localparam int unsigned MSHRS = vgiw_cfg_pkg::LVC_MSHRS,
  localparam int unsigned TGTS  = vgiw_cfg_pkg::LVC_MSHR_TARGETS,
  localparam int unsigned DATA  = vgiw_cfg_pkg::LVC_MSHR_DATA,
  localparam int unsigned LW    = LINE / 4             // row skew: one line, in words
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  input  logic [31:0]               lv_base_i,
  input  logic [vgiw_cfg_pkg::DATAPATH_TID_BITS:0] lv_tile_threads_i,   // T <= 2^DATAPATH_TID_BITS
  input  logic [NV-1:0]             lv_req_valid_i,
  output logic [NV-1:0]             lv_req_ready_o,
  input  logic [NV-1:0][vgiw_cfg_pkg::LV_REQ_BITS-1:0] lv_req_i,
  output logic [NV-1:0]             lv_rsp_valid_o,
  output logic [NV-1:0][vgiw_cfg_pkg::LV_RSP_BITS-1:0] lv_rsp_o,
  input  logic                      flush_i,
  output logic                      flush_done_o,
  output logic                      busy_o,
  output logic [BANKS-1:0]          line_req_valid_o,
  input  logic [BANKS-1:0]          line_req_ready_i,
  output logic [BANKS-1:0][vgiw_cfg_pkg::LINE_REQ_BITS-1:0] line_req_o,
  input  logic [BANKS-1:0]          line_rsp_valid_i,
  input  logic [vgiw_cfg_pkg::LINE_RSP_BITS-1:0] line_rsp_i,
  output logic [vgiw_cfg_pkg::CACHE_INC_BITS-1:0] cache_inc_o   // its writeback counts spills
);
  localparam int unsigned RW = 32 + 1 + 32 + IW;   // {addr, write, wdata, id}

  logic [NV-1:0]          a_valid, a_ready, a_write;
  logic [NV-1:0][RW-1:0]  a_data;
  logic [NV-1:0][31:0]    a_addr, a_wdata;
  logic [NV-1:0][IW-1:0]  a_id, rsp_id;
  logic [NV-1:0][31:0]    rsp_rdata;

  for (genvar p = 0; p < NV; p++) begin : g_port
    // lvid * (T + LW) + tid, kept modulo 2^30: the byte address wraps at 32 bits like an LDST
    // address
    vgiw_cfg_pkg::lv_req_t req;
    vgiw_cfg_pkg::lv_rsp_t rsp;
    logic [29:0] index;
    logic [31:0] addr;
    assign req   = lv_req_i[p];
    assign index = 30'(req.lvid) * (30'(lv_tile_threads_i) + 30'(LW)) + 30'(req.tid);
    assign addr  = lv_base_i + {index, 2'b00};

    vgiw_stream_reg #(.WIDTH(RW), .SPILL(1'b0)) u_reg (
      .clk_i, .rst_ni, .clear_i (1'b0),
      .valid_i (lv_req_valid_i[p]), .ready_o (lv_req_ready_o[p]),
      .data_i  ({addr, req.write, req.wdata, req.id}),
      .valid_o (a_valid[p]), .ready_i (a_ready[p]), .data_o (a_data[p])
    );
    assign {a_addr[p], a_write[p], a_wdata[p], a_id[p]} = a_data[p];
    assign rsp.id      = rsp_id[p];
    assign rsp.rdata   = rsp_rdata[p];
    assign lv_rsp_o[p] = rsp;
  end

  vgiw_banked_cache #(
    .PORTS(NV), .BANKS(BANKS), .SETS(SETS), .WAYS(WAYS), .LINE_BYTES(LINE), .MSHRS(MSHRS),
    .TARGETS(TGTS), .DATA(DATA), .IW(IW),
    .FLUSH_WB(1'b0), .WRITE_VALIDATE(1'b1), .REQ_SKID(vgiw_cfg_pkg::LVC_REQ_SKID)
  ) u_cache (
    .clk_i, .rst_ni,
    .req_valid_i (a_valid), .req_ready_o (a_ready), .req_addr_i (a_addr),
    .req_write_i (a_write), .req_be_i ({NV{4'hF}}), .req_wdata_i (a_wdata), .req_id_i (a_id),
    .req_amo_i ('0), .req_cmp_i ('0),   // live values have no atomics
    .rsp_valid_o (lv_rsp_valid_o), .rsp_id_o (rsp_id), .rsp_rdata_o (rsp_rdata),
    .flush_i, .flush_done_o, .busy_o,
    .line_req_valid_o, .line_req_ready_i, .line_req_o, .line_rsp_valid_i, .line_rsp_i,
    .cache_inc_o
  );
endmodule
