// The VGIW core (VGIW §3, Fig. 4; docs/core.md): control registers, the basic block scheduler
// with its control vector table, the MT-CGRF fabric and the memory system (banked L1 + LVC)
// behind one line-granular memory port.
module vgiw_core (
  input  logic             clk_i,
  input  logic             rst_ni,
  // register port (docs/core.md): one 32-bit access per cycle, read data combinational
  input  logic             reg_valid_i,
  input  logic             reg_write_i,
  input  logic [vgiw_cfg_pkg::REG_ADDR_BITS-1:0] reg_addr_i,   // byte offset (arch/core.toml)
  input  logic [31:0]      reg_wdata_i,
  output logic [31:0]      reg_rdata_o,
  output logic             done_o,
  // memory port (line-granular): bundles line_req / line_rsp of arch/formats.toml
  output logic             line_req_valid_o,
  input  logic             line_req_ready_i,
  output logic [vgiw_cfg_pkg::LINE_REQ_BITS-1:0] line_req_o,
  input  logic             line_rsp_valid_i,
  output logic             line_rsp_ready_o,
  input  logic [vgiw_cfg_pkg::LINE_RSP_BITS-1:0] line_rsp_i
);
  localparam int unsigned NC    = vgiw_cfg_pkg::UNITS_CVU;
  localparam int unsigned NL    = vgiw_cfg_pkg::UNITS_LDST;
  localparam int unsigned NV    = vgiw_cfg_pkg::UNITS_LVU;
  localparam int unsigned U     = vgiw_cfg_pkg::FABRIC_UNITS;
  localparam int unsigned CH    = vgiw_cfg_pkg::CFG_CHAINS;
  localparam int unsigned MAXB  = vgiw_cfg_pkg::BBS_MAX_BLOCKS;
  localparam int unsigned WORDS = vgiw_cfg_pkg::CVT_BITS / vgiw_cfg_pkg::CVT_WORD_BITS;
  localparam int unsigned AW    = (WORDS > 1) ? $clog2(WORDS) : 1;
  localparam int unsigned TW    = $clog2(WORDS + 1);
  localparam int unsigned BW    = (MAXB > 1) ? $clog2(MAXB) : 1;
  localparam int unsigned NX    = vgiw_cfg_pkg::CNT_EXT_COUNT;   // mem_system counters
  localparam int unsigned X0    = vgiw_cfg_pkg::CNT_EXT;
  localparam int unsigned CW    = vgiw_cfg_pkg::CNT_INDEX_BITS;

  // ---- registers (map: arch/core.toml, generated into vgiw_cfg_pkg) ------------------------
  logic [31:0] kdesc_q;
  logic [CW-1:0] cnt_sel_q;    // counter index: 32 + 2*blocks + units may exceed 255
  logic [CW-1:0] cnt_sel_d;    // its next value: the BBS registers it as its counters' read address
  logic        start;
  logic        busy, done, error;
  logic [vgiw_cfg_pkg::STATUS_CODE_BITS-1:0] error_code;   // vgiw_cfg_pkg::ERR_<NAME>
  logic [31:0] status;
  logic [63:0] cnt_value;

  assign start = reg_valid_i && reg_write_i && reg_addr_i == vgiw_cfg_pkg::REG_CTRL && reg_wdata_i[0];

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      kdesc_q   <= '0;
      cnt_sel_q <= '0;
    end else if (reg_valid_i && reg_write_i) begin
      if (reg_addr_i == vgiw_cfg_pkg::REG_KDESC && !busy) kdesc_q <= reg_wdata_i;
      if (reg_addr_i == vgiw_cfg_pkg::REG_CNT_SEL) cnt_sel_q <= reg_wdata_i[CW-1:0];
    end
  end
  assign cnt_sel_d = (reg_valid_i && reg_write_i && reg_addr_i == vgiw_cfg_pkg::REG_CNT_SEL)
                   ? reg_wdata_i[CW-1:0] : cnt_sel_q;

  // STATUS: flag bits and error code field at the positions of arch/core.toml [status]
  always_comb begin
    status = '0;
    status[vgiw_cfg_pkg::STATUS_BUSY_BIT]  = busy;
    status[vgiw_cfg_pkg::STATUS_DONE_BIT]  = done;
    status[vgiw_cfg_pkg::STATUS_ERROR_BIT] = error;
    status[vgiw_cfg_pkg::STATUS_CODE_LSB +: vgiw_cfg_pkg::STATUS_CODE_BITS] = error_code;
  end

  always_comb begin
    unique case (reg_addr_i)
      vgiw_cfg_pkg::REG_ID:      reg_rdata_o = vgiw_cfg_pkg::CORE_ID;
      vgiw_cfg_pkg::REG_PRESET:  reg_rdata_o = vgiw_cfg_pkg::PRESET_ID;
      vgiw_cfg_pkg::REG_STATUS:  reg_rdata_o = status;
      vgiw_cfg_pkg::REG_KDESC:   reg_rdata_o = kdesc_q;
      vgiw_cfg_pkg::REG_CNT_SEL: reg_rdata_o = 32'(cnt_sel_q);
      vgiw_cfg_pkg::REG_CNT_LO:  reg_rdata_o = cnt_value[31:0];
      vgiw_cfg_pkg::REG_CNT_HI:  reg_rdata_o = cnt_value[63:32];
      default:                   reg_rdata_o = '0;
    endcase
  end
  assign done_o = done;

  // ---- wires ------------------------------------------------------------------------------
  logic                     ctl_req_valid, ctl_req_ready, ctl_rsp_valid, ctl_rsp_ready;
  logic [31:0]              ctl_req_addr, ctl_rsp_rdata;
  logic [8*vgiw_cfg_pkg::L1_LINE_BYTES-1:0] ctl_rsp_line;
  logic                     flush, flush_done, mem_error;
  logic [31:0]              lv_base;
  logic [vgiw_cfg_pkg::DATAPATH_TID_BITS:0] lv_tile_threads;
  logic [NX-1:0][63:0]      mem_cnt;

  logic [TW-1:0]            cvt_tile_words;
  logic                     cvt_clear, cvt_clear_check, cvt_rd_valid, cvt_wr_valid, cvt_rd_live;
  logic [BW-1:0]            cvt_rd_block, cvt_wr_block;
  logic [AW-1:0]            cvt_rd_base, cvt_wr_base;
  logic [AW-1:0]            cvt_rd_word, cvt_wr_word;
  logic [63:0]              cvt_rd_data, cvt_wr_bits;
  logic [MAXB-1:0]          cvt_nonempty;

  logic                     fab_clear, cfg_shift, cfg_bg, cfg_load, fab_busy, fab_error;
  logic [vgiw_cfg_pkg::FABRIC_CFG_SHIFT_WORDS-1:0][CH-1:0][31:0] cfg_word;   // rows of one shift
  logic [31:0]              tile_base;
  logic [vgiw_cfg_pkg::DESC_W_LOCAL_SPAN-vgiw_cfg_pkg::DESC_W_LSIZE0:0][31:0] geom;
  logic [NC-1:0]            cvu_batch_valid, cvu_batch_ready, cvu_done_valid, cvu_done_ready;
  logic [NC-1:0][vgiw_cfg_pkg::CVU_BATCH_BITS-1:0] cvu_batch;
  logic [NC-1:0][vgiw_cfg_pkg::CVU_DONE_BITS-1:0]  cvu_done;
  logic [U-1:0]             unit_fire;

  logic [NL-1:0]            ldst_req_valid, ldst_req_ready, ldst_rsp_valid;
  logic [NL-1:0][vgiw_cfg_pkg::LDST_REQ_BITS-1:0] ldst_req;
  logic [NL-1:0][vgiw_cfg_pkg::LDST_RSP_BITS-1:0] ldst_rsp;
  logic [NV-1:0]            lv_req_valid, lv_req_ready, lv_rsp_valid;
  logic [NV-1:0][vgiw_cfg_pkg::LV_REQ_BITS-1:0]   lv_req;
  logic [NV-1:0][vgiw_cfg_pkg::LV_RSP_BITS-1:0]   lv_rsp;

  // ---- control --------------------------------------------------------------------------------
  // lines written to memory: the BBS drops kept configurations they may overlap (docs/ctrl.md
  // "Keeping configurations across launches")
  /* verilator lint_off UNUSEDSIGNAL */
  vgiw_cfg_pkg::line_req_t mem_wr_req;             // only the address and the write bit are used
  /* verilator lint_on UNUSEDSIGNAL */
  logic                    mem_wr;
  assign mem_wr_req = vgiw_cfg_pkg::line_req_t'(line_req_o);
  assign mem_wr     = line_req_valid_o && line_req_ready_i && mem_wr_req.write;

  vgiw_bbs u_bbs (
    .clk_i, .rst_ni,
    .start_i (start), .kdesc_i (kdesc_q), .busy_o (busy), .done_o (done), .error_o (error),
    .error_code_o (error_code), .cnt_sel_i (cnt_sel_d), .cnt_value_o (cnt_value), .ext_cnt_i (mem_cnt),
    .ctl_req_valid_o (ctl_req_valid), .ctl_req_ready_i (ctl_req_ready), .ctl_req_addr_o (ctl_req_addr),
    .ctl_rsp_valid_i (ctl_rsp_valid), .ctl_rsp_ready_o (ctl_rsp_ready), .ctl_rsp_rdata_i (ctl_rsp_rdata),
    .ctl_rsp_line_i (ctl_rsp_line),
    .flush_o (flush), .flush_done_i (flush_done), .mem_error_i (mem_error),
    .mem_wr_i (mem_wr), .mem_wr_addr_i (mem_wr_req.addr),
    .lv_base_o (lv_base), .lv_tile_threads_o (lv_tile_threads),
    .cvt_tile_words_o (cvt_tile_words), .cvt_clear_o (cvt_clear), .cvt_clear_check_o (cvt_clear_check),
    .cvt_rd_valid_o (cvt_rd_valid), .cvt_rd_block_o (cvt_rd_block), .cvt_rd_base_o (cvt_rd_base), .cvt_rd_word_o (cvt_rd_word),
    .cvt_rd_live_i (cvt_rd_live), .cvt_rd_data_i (cvt_rd_data), .cvt_wr_valid_o (cvt_wr_valid), .cvt_wr_block_o (cvt_wr_block), .cvt_wr_base_o (cvt_wr_base),
    .cvt_wr_word_o (cvt_wr_word), .cvt_wr_bits_o (cvt_wr_bits), .cvt_nonempty_i (cvt_nonempty),
    .fab_clear_o (fab_clear), .cfg_shift_o (cfg_shift), .cfg_bg_o (cfg_bg), .cfg_load_o (cfg_load), .cfg_word_o (cfg_word), .tile_base_o (tile_base), .geom_o (geom),
    .cvu_batch_valid_o (cvu_batch_valid), .cvu_batch_ready_i (cvu_batch_ready), .cvu_batch_o (cvu_batch),
    .cvu_done_valid_i (done_reg_valid), .cvu_done_ready_o (done_reg_ready), .cvu_done_i (done_reg),
    .fab_busy_i (fab_busy), .unit_fire_i (unit_fire), .fab_error_i (fab_error)
  );

  // A register slice on each CVU's done stream: without it the path from a unit's datapath
  // through the CVU's done packet into the BBS's merge, its choice of the next block and its
  // configuration cache was one clock period (the longest path of the ECP5 board build,
  // docs/fpga.md "Timing"). A done packet reaches the BBS a cycle later; the BBS counts batches
  // outstanding, so a packet in the slice keeps the block from draining.
  logic [NC-1:0]            done_reg_valid, done_reg_ready;
  logic [NC-1:0][vgiw_cfg_pkg::CVU_DONE_BITS-1:0] done_reg;
  for (genvar c = 0; c < NC; c++) begin : g_done_reg
    vgiw_stream_reg #(.WIDTH (vgiw_cfg_pkg::CVU_DONE_BITS), .SPILL (1'b1)) u_done_reg (
      .clk_i, .rst_ni, .clear_i (1'b0),
      .valid_i (cvu_done_valid[c]), .ready_o (cvu_done_ready[c]), .data_i (cvu_done[c]),
      .valid_o (done_reg_valid[c]), .ready_i (done_reg_ready[c]), .data_o (done_reg[c])
    );
  end

  vgiw_cvt u_cvt (
    .clk_i, .rst_ni,
    .tile_words_i (cvt_tile_words), .clear_i (cvt_clear), .clear_check_i (cvt_clear_check),
    .rd_valid_i (cvt_rd_valid), .rd_block_i (cvt_rd_block), .rd_base_i (cvt_rd_base), .rd_word_i (cvt_rd_word), .rd_live_o (cvt_rd_live), .rd_data_o (cvt_rd_data),
    .wr_valid_i (cvt_wr_valid), .wr_block_i (cvt_wr_block), .wr_base_i (cvt_wr_base), .wr_word_i (cvt_wr_word), .wr_bits_i (cvt_wr_bits),
    .nonempty_o (cvt_nonempty)
  );

  // ---- fabric -------------------------------------------------------------------------------
  vgiw_fabric u_fabric (
    .clk_i, .rst_ni, .clear_i (fab_clear),
    .cfg_shift_i (cfg_shift), .cfg_bg_i (cfg_bg), .cfg_load_i (cfg_load), .cfg_word_i (cfg_word), .tile_base_i (tile_base), .geom_i (geom),
    .cvu_batch_valid_i (cvu_batch_valid), .cvu_batch_ready_o (cvu_batch_ready), .cvu_batch_i (cvu_batch),
    .cvu_done_valid_o (cvu_done_valid), .cvu_done_ready_i (cvu_done_ready), .cvu_done_o (cvu_done),
    .ldst_req_valid_o (ldst_req_valid), .ldst_req_ready_i (ldst_req_ready), .ldst_req_o (ldst_req),
    .ldst_rsp_valid_i (ldst_rsp_valid), .ldst_rsp_i (ldst_rsp),
    .lv_req_valid_o (lv_req_valid), .lv_req_ready_i (lv_req_ready), .lv_req_o (lv_req),
    .lv_rsp_valid_i (lv_rsp_valid), .lv_rsp_i (lv_rsp),
    .busy_o (fab_busy), .unit_fire_o (unit_fire), .error_o (fab_error)
  );

  // ---- memory -------------------------------------------------------------------------------
  vgiw_mem_system u_mem (
    .clk_i, .rst_ni,
    .ldst_req_valid_i (ldst_req_valid), .ldst_req_ready_o (ldst_req_ready), .ldst_req_i (ldst_req),
    .ldst_rsp_valid_o (ldst_rsp_valid), .ldst_rsp_o (ldst_rsp),
    .lv_req_valid_i (lv_req_valid), .lv_req_ready_o (lv_req_ready), .lv_req_i (lv_req),
    .lv_rsp_valid_o (lv_rsp_valid), .lv_rsp_o (lv_rsp),
    .lv_base_i (lv_base), .lv_tile_threads_i (lv_tile_threads),
    .ctl_req_valid_i (ctl_req_valid), .ctl_req_ready_o (ctl_req_ready), .ctl_req_addr_i (ctl_req_addr),
    .ctl_rsp_valid_o (ctl_rsp_valid), .ctl_rsp_ready_i (ctl_rsp_ready), .ctl_rsp_rdata_o (ctl_rsp_rdata),
    .ctl_rsp_line_o (ctl_rsp_line),
    .flush_i (flush), .flush_done_o (flush_done),
    .line_req_valid_o, .line_req_ready_i, .line_req_o, .line_rsp_valid_i, .line_rsp_ready_o, .line_rsp_i,
    .error_o (mem_error),
    // in the order of arch/core.toml [counters.ext]: counter X0 + i is mem_cnt[i]
    .cnt_l1_access_o        (mem_cnt[vgiw_cfg_pkg::CNT_L1_ACCESS - X0]),
    .cnt_l1_hit_o           (mem_cnt[vgiw_cfg_pkg::CNT_L1_HIT - X0]),
    .cnt_l1_miss_o          (mem_cnt[vgiw_cfg_pkg::CNT_L1_MISS - X0]),
    .cnt_l1_bank_conflict_o (mem_cnt[vgiw_cfg_pkg::CNT_L1_BANK_CONFLICT - X0]),
    .cnt_l1_writeback_o     (mem_cnt[vgiw_cfg_pkg::CNT_L1_WRITEBACK - X0]),
    .cnt_lvc_access_o       (mem_cnt[vgiw_cfg_pkg::CNT_LVC_ACCESS - X0]),
    .cnt_lvc_hit_o          (mem_cnt[vgiw_cfg_pkg::CNT_LVC_HIT - X0]),
    .cnt_lvc_miss_o         (mem_cnt[vgiw_cfg_pkg::CNT_LVC_MISS - X0]),
    .cnt_lvc_spill_o        (mem_cnt[vgiw_cfg_pkg::CNT_LVC_SPILL - X0]),
    .cnt_l1_mshr_stall_o    (mem_cnt[vgiw_cfg_pkg::CNT_L1_MSHR_STALL - X0]),
    .cnt_l1_refill_o        (mem_cnt[vgiw_cfg_pkg::CNT_L1_REFILL - X0]),
    .cnt_l1_miss_cycles_o   (mem_cnt[vgiw_cfg_pkg::CNT_L1_MISS_CYCLES - X0]),
    .cnt_lvc_bank_conflict_o (mem_cnt[vgiw_cfg_pkg::CNT_LVC_BANK_CONFLICT - X0]),
    .cnt_lvc_mshr_stall_o   (mem_cnt[vgiw_cfg_pkg::CNT_LVC_MSHR_STALL - X0]),
    .cnt_lvc_refill_o       (mem_cnt[vgiw_cfg_pkg::CNT_LVC_REFILL - X0]),
    .cnt_lvc_miss_cycles_o  (mem_cnt[vgiw_cfg_pkg::CNT_LVC_MISS_CYCLES - X0])
  );

  // The register port accepts every access; reg_valid_i without a write has no side effect.
  /* verilator lint_off UNUSEDSIGNAL */
  logic unused;
  assign unused = ^reg_wdata_i[31:1];
  /* verilator lint_on UNUSEDSIGNAL */
endmodule
