// Basic block scheduler (VGIW §3.2, Fig. 5; docs/ctrl.md). Reads the kernel descriptor and the
// block table (docs/core.md), tiles the threads to fit the CVT, and runs each tile: select the
// smallest block ID with a non-empty vector, reconfigure the fabric with it (clear, then shift
// the configuration in from the configuration cache, bbs_cfg_cache, filled while the previous
// block runs), stream the block's CVT words as <base, bitmap> batches to the CVUs of its
// replicas, and OR-merge the returning done packets into the successors' vectors. A block is
// left only when its vector is empty and every dispatched batch has come back.
// This module is the scheduler's state machine (descriptor, block table, tiles, selection,
// reconfiguration); its parts are modules of their own: the fetch unit (bbs_fetch), the
// configuration cache (bbs_cfg_cache), block selection and prefetch choice
// (vgiw_bbs_prefetch), dispatch and done merge (vgiw_bbs_dispatch) and the counters
// (vgiw_bbs_counters), and the launch values substituted into the words shifted out
// (vgiw_bbs_launch).
module vgiw_bbs #(
  localparam int unsigned NC     = vgiw_cfg_pkg::UNITS_CVU,
  localparam int unsigned U      = vgiw_cfg_pkg::FABRIC_UNITS,
  localparam int unsigned CH     = vgiw_cfg_pkg::CFG_CHAINS,
  localparam int unsigned MAXW   = vgiw_cfg_pkg::CFG_CHAIN_WORDS,
  localparam int unsigned K      = vgiw_cfg_pkg::FABRIC_CFG_SHIFT_WORDS,  // rows per shift cycle
  localparam int unsigned MAXB   = vgiw_cfg_pkg::BBS_MAX_BLOCKS,
  localparam int unsigned WORDS  = vgiw_cfg_pkg::CVT_BITS / vgiw_cfg_pkg::CVT_WORD_BITS,
  localparam int unsigned AW     = (WORDS > 1) ? $clog2(WORDS) : 1,
  localparam int unsigned TW     = $clog2(WORDS + 1),
  localparam int unsigned BW     = (MAXB > 1) ? $clog2(MAXB) : 1,
  localparam int unsigned NX     = vgiw_cfg_pkg::CNT_EXT_COUNT,   // mem_system counters (arch/core.toml)
  localparam int unsigned CNT_W  = vgiw_cfg_pkg::CNT_INDEX_BITS,
  localparam int unsigned ECW    = vgiw_cfg_pkg::STATUS_CODE_BITS,  // error codes (arch/core.toml)
  localparam int unsigned GEOM_WORDS = vgiw_cfg_pkg::DESC_W_LOCAL_SPAN - vgiw_cfg_pkg::DESC_W_LSIZE0 + 1
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  // launch and status (core registers)
  input  logic                      start_i,
  input  logic [31:0]               kdesc_i,
  output logic                      busy_o,
  output logic                      done_o,          // since the last start
  output logic                      error_o,
  output logic [ECW-1:0]            error_code_o,    // vgiw_cfg_pkg::ERR_<NAME>
  input  logic [CNT_W-1:0]          cnt_sel_i,       // CNT_SEL from the next edge on; its counter one edge later
  output logic [63:0]               cnt_value_o,
  input  logic [NX-1:0][63:0]       ext_cnt_i,
  // mem_system: control port, maintenance, live value matrix
  output logic                      ctl_req_valid_o,
  input  logic                      ctl_req_ready_i,
  output logic [31:0]               ctl_req_addr_o,
  input  logic                      ctl_rsp_valid_i,
  output logic                      ctl_rsp_ready_o,
  input  logic [31:0]               ctl_rsp_rdata_i,
  input  logic [8*vgiw_cfg_pkg::L1_LINE_BYTES-1:0] ctl_rsp_line_i,
  output logic                      flush_o,
  input  logic                      flush_done_i,
  input  logic                      mem_error_i,
  // lines the core writes to memory (its memory port): kept configurations they overlap are dropped
  input  logic                      mem_wr_i,
  input  logic [31:0]               mem_wr_addr_i,
  output logic [31:0]               lv_base_o,
  output logic [vgiw_cfg_pkg::DATAPATH_TID_BITS:0] lv_tile_threads_o,
  // CVT
  output logic [TW-1:0]             cvt_tile_words_o,
  output logic                      cvt_clear_o,
  output logic                      cvt_clear_check_o,
  output logic                      cvt_rd_valid_o,
  output logic [BW-1:0]             cvt_rd_block_o,
  output logic [AW-1:0]             cvt_rd_base_o,   // its first word (cvt_rd_block_o x tile words)
  output logic [AW-1:0]             cvt_rd_word_o,
  input  logic                      cvt_rd_live_i,   // the word read holds threads
  input  logic [63:0]               cvt_rd_data_i,   // the last read's threads (a cycle later)
  output logic                      cvt_wr_valid_o,
  output logic [BW-1:0]             cvt_wr_block_o,
  output logic [AW-1:0]             cvt_wr_base_o,   // its first word (cvt_wr_block_o x tile words)
  output logic [AW-1:0]             cvt_wr_word_o,
  output logic [63:0]               cvt_wr_bits_o,
  input  logic [MAXB-1:0]           cvt_nonempty_i,
  // fabric
  output logic                      fab_clear_o,
  output logic                      cfg_shift_o,
  output logic                      cfg_bg_o,        // the shift is a background one (into the shadow)
  output logic                      cfg_load_o,      // shadow -> live configuration (FABRIC_CFG_SHADOW)
  output logic [K-1:0][CH-1:0][31:0] cfg_word_o,   // K rows per shift (docs/fabric.md)
  output logic [31:0]               tile_base_o,
  // NDRange geometry for the CVUs' coordinates: descriptor words LSIZE0 .. LOCAL_SPAN, in order
  output logic [GEOM_WORDS-1:0][31:0] geom_o,
  // CVUs: thread batches out, finished batches in (bundles of arch/formats.toml)
  output logic [NC-1:0]             cvu_batch_valid_o,
  input  logic [NC-1:0]             cvu_batch_ready_i,
  output logic [NC-1:0][vgiw_cfg_pkg::CVU_BATCH_BITS-1:0] cvu_batch_o,
  input  logic [NC-1:0]             cvu_done_valid_i,
  output logic [NC-1:0]             cvu_done_ready_o,
  input  logic [NC-1:0][vgiw_cfg_pkg::CVU_DONE_BITS-1:0]  cvu_done_i,
  input  logic                      fab_busy_i,
  input  logic [U-1:0]              unit_fire_i,
  input  logic                      fab_error_i
);
  // ---- constants ------------------------------------------------------------------------
  // Descriptor and block table layouts (arch/core.toml [descriptor], [block_table], generated
  // into vgiw_cfg_pkg; docs/core.md). The whole descriptor is read: the NDRange geometry at its
  // end goes to the CVUs (VGIW §2: the CVU injects the thread's coordinates).
  localparam int unsigned DESC_FETCH = vgiw_cfg_pkg::DESC_WORDS;
  localparam int unsigned GEOM_FIRST = vgiw_cfg_pkg::DESC_W_LSIZE0;
  localparam int unsigned GEOM_LSIZE0      = vgiw_cfg_pkg::DESC_W_LSIZE0 - GEOM_FIRST;        // geom_q index
  localparam int unsigned GEOM_TILE_GROUPS = vgiw_cfg_pkg::DESC_W_TILE_GROUPS - GEOM_FIRST;
  localparam longint unsigned TILE_CAP = 64'd1 << vgiw_cfg_pkg::DATAPATH_TID_BITS;  // a tile's most threads
  localparam int unsigned BTE        = vgiw_cfg_pkg::BT_ENTRY_WORDS;  // words per entry (power of two)
  localparam int unsigned BTE_SHIFT  = $clog2(BTE);                   // block = table word >> BTE_SHIFT
  localparam int unsigned SB         = vgiw_cfg_pkg::BT_SUCC_BITS;    // width of a successor field
  localparam logic [SB-1:0] SUCC_NONE = vgiw_cfg_pkg::BT_SUCC_NONE;   // no successor: retire
  localparam int unsigned CFG_WORDS = MAXW * CH;
  localparam int unsigned STEPS     = (MAXW + K - 1) / K;   // shift cycles of a reconfiguration
  localparam int unsigned RWW       = (STEPS > 1) ? $clog2(STEPS + 1) : 1;
  localparam int unsigned CWW       = $clog2(CFG_WORDS + 1);
  localparam int unsigned WPL       = vgiw_cfg_pkg::L1_LINE_BYTES / 4;
  localparam int unsigned FCW       = $clog2(WPL + 1);
  localparam logic [15:0] ABORT_WAIT = 16'd4095;      // cycles an abort waits for the fabric
  // a tile's thread IDs are tile-relative and DATAPATH_TID_BITS wide (the token's tid, docs/fabric.md):
  // at most 2^DATAPATH_TID_BITS threads, in 64-thread words
  localparam int unsigned CAP_WORDS = (1 << vgiw_cfg_pkg::DATAPATH_TID_BITS) / 64;
  localparam bit SHADOW = vgiw_cfg_pkg::FABRIC_CFG_SHADOW;  // shadow chains (docs/ctrl.md "Shadow configuration")
  // bbs.select_cycle: a drained run selects in S_SELECT, from the registered CVT summary, not in
  // its draining cycle (docs/ctrl.md "Turnaround"; issue 22: the merge of the last done packet,
  // the choice of the block and the configuration cache's lookup were one path)
  localparam bit SEL_CYCLE = vgiw_cfg_pkg::BBS_SELECT_CYCLE;

  // WORDS / b for b = 1..MAXB (entry 0 is 0), worked out at elaboration: the tile size below
  // takes one table read instead of a divider on nblocks_q, some 500 gates deep in a generic
  // synthesis of fpga_3x3's core, its longest path by gate count (docs/fpga.md "Timing")
  localparam int unsigned NBW = $clog2(MAXB + 1);
  function automatic logic [(MAXB+1)*TW-1:0] words_per_block_rom();
    logic [(MAXB+1)*TW-1:0] rom;
    rom = '0;
    for (int b = 1; b <= MAXB; b++) rom[b*TW +: TW] = TW'(WORDS / b);
    words_per_block_rom = rom;
  endfunction
  localparam logic [(MAXB+1)*TW-1:0] WORDS_PER_BLOCK = words_per_block_rom();

  // Fixed counters (arch/core.toml [counters.fixed]): bit positions in the counters' inc_i
  localparam int unsigned C_FIX         = vgiw_cfg_pkg::CNT_FIXED;
  localparam int unsigned NFIX          = vgiw_cfg_pkg::CNT_FIXED_COUNT;

  typedef enum logic [3:0] {
    S_IDLE, S_FLUSH_IN, S_DESC, S_CHECK, S_TABLE, S_CHECK_TABLE, S_TILE, S_SELECT, S_SHIFT, S_RUN, S_ABORT, S_FLUSH_OUT
  } state_e;

  // ---- state ------------------------------------------------------------------------------
  state_e          state_q, state_d;
  logic            done_q, err_q;
  logic [ECW-1:0]  err_code_q;
  logic [31:0]     kdesc_q;
  logic [31:0]     nblocks_q, table_q, threads_q, lv_base_q;
  logic [31:0]     tile_max_q;                     // descriptor word TILE_MAX: tile cap in words, 0 = none
  logic            cfg_drop_q;                     // descriptor word CFG_FLAGS bit 0: drop kept configurations
  logic            drop_next_q;                    // a write or an error since: drop them at the next check
  logic [31:0]     bt_addr_q;                      // CFG_ADDR of the block table entry being loaded
  logic [GEOM_WORDS-1:0][31:0] geom_q;             // descriptor words LSIZE0 .. LOCAL_SPAN
  logic            fab_err_q, mem_err_q;           // previous levels: react to new errors only
  logic [31:0]     magic_q;                        // descriptor word MAGIC, checked in S_CHECK
  logic            tbl_bad_succ_q, tbl_no_cvu_q;   // found while the block table loads
  logic [TW-1:0]   tile_words_q;                   // words per block vector (T / 64)
  logic [32:0]     tile_base_q;
  logic [TW-1:0]   used_words_q;                   // words holding this tile's threads
  logic [63:0]     last_mask_q;
  logic [TW-1:0]   init_w_q;
  logic [BW-1:0]   cur_q, sel_q;
  logic [BW-1:0]   cur_d, sel_d;                   // their values from the next cycle on
  logic            configured_q;                   // the fabric holds block cur_q's graph
  logic [RWW-1:0]  shift_row_q;
  logic [15:0]     abort_cnt_q;
  logic            flush_sent_q, flush_seen_q;
  logic            flush_done_seen;   // final flush complete and no configuration read pending
  // shadow chains (FABRIC_CFG_SHADOW; docs/ctrl.md "Shadow configuration"): while a block runs,
  // sel_q is the block the next one is expected to be, and its configuration shifts into the
  // fabric's shadow chains; a reconfiguration to the block the shadow holds is one load cycle
  logic            bg_on_q;           // a background shift of block sel_q is in progress (shift_row_q)
  logic [BW-1:0]   shv_blk_q;         // the block whose configuration the shadow holds ...
  logic            shv_full_q;        // ... completely
  logic            load_q;            // a foreground shift ended: load the shadow in this cycle

  // configuration cache (bbs_cfg_cache): whole configurations of recently used and prefetched
  // blocks (VGIW §3.2), filled while the current block runs, shifted out row by row as they fill
  logic                         cb_start, cb_wr;   // a configuration fetch starts / words arrive
  logic                         sh_hit, sh_full, sh_row_ready;
  logic [CWW-1:0]               cb_words;          // words of the fill in progress (order check)
  logic [4:0]                   cand_hit;          // prefetch candidates on chip
  logic [4:0][BW-1:0]           cand;              // prefetch candidates: other non-empty, s0, s1,
                                                   // the successors of the shadow target sel_q
  logic                         c0_vld;            // candidate 0 exists

  // ---- fetch unit (descriptor, block table, configurations) ------------------------------
  logic        f_start, f_busy, f_valid;
  logic [31:0] f_addr;
  logic [15:0] f_count, f_idx;
  logic [31:0] f_word;
  logic [FCW-1:0]          f_cnt;
  logic [WPL-1:0][31:0]    f_line;
  logic [$clog2(WPL)-1:0]  f_off;
  logic        f_for_cfg_q, f_wide;

  // configurations are read a line per cycle, the descriptor and the table a word per cycle
  assign f_wide = !(state_q == S_FLUSH_IN || state_q == S_CHECK);

  vgiw_bbs_fetch u_fetch (
    .clk_i, .rst_ni,
    .start_i (f_start), .addr_i (f_addr), .count_i (f_count), .wide_i (f_wide), .busy_o (f_busy),
    .word_valid_o (f_valid), .word_idx_o (f_idx), .word_cnt_o (f_cnt), .word_o (f_word),
    .line_o (f_line), .line_off_o (f_off),
    .ctl_req_valid_o, .ctl_req_ready_i, .ctl_req_addr_o,
    .ctl_rsp_valid_i, .ctl_rsp_ready_o, .ctl_rsp_rdata_i, .ctl_rsp_line_i
  );

  // ---- block table (docs/core.md "Block table") -------------------------------------------
  // Four memories indexed by block ID (configuration address, successors, CVU mask, key),
  // written word by word as the table is fetched: RAM, not ~100 flip-flops per block
  // (docs/ctrl.md "Block table size"). Entries are checked as they arrive, so the table check
  // needs no loop over all blocks. The successors and CVU masks of the running block (cur_q) and
  // of the selected one (sel_q) are read a cycle ahead, at cur_d and sel_d, into registers: the
  // done packets' merge and the dispatch start from a register, not from a RAM read, and those
  // memories have a clocked read port, which a table in block RAM would need (they stay LUT RAM,
  // below; docs/ctrl.md "Block table and counter storage"). The table is written only while it loads, cycles before any block runs, so the
  // registers always hold the entries of cur_q and sel_q when they are used (asserted).
  logic          tbl_wr;
  logic [BW-1:0] tbl_wr_block;
  logic [15:0]   tbl_wr_word;                      // word of the entry being written
  logic [31:0]   tbl_succ_rd;                      // block cur_q's successors
  logic [31:0]   tbl_tsucc_rd;                     // block sel_q's (the prefetch after next)
  logic [NC-1:0] tbl_cvu_rd;                       // block cur_q's CVUs (sel_q's in S_SHIFT)
  logic [NC-1:0] tbl_cvu_cur_q, tbl_cvu_sel_q;     // block cur_q's and sel_q's CVUs
  logic [AW-1:0] tbl_base_cur_q, tbl_base_sel_q;   // block cur_q's and sel_q's first CVT word
  logic [2*AW-1:0] tbl_sbase_q;                    // first CVT words of cur_q's successors
  logic [31:0]   tbl_cfg_rd;                       // configuration address of the block to fetch
  logic [31:0]   tbl_key_rd;                       // the host's key of its configuration (CFG_KEY)
  logic [BW-1:0] want;                             // that block (fetch control, below)

  assign tbl_wr       = f_valid && !f_for_cfg_q && state_q != S_DESC;
  assign tbl_wr_block = BW'(f_idx >> BTE_SHIFT);                  // f_idx / BT_ENTRY_WORDS
  assign tbl_wr_word  = f_idx & 16'(BTE - 1);                     // f_idx % BT_ENTRY_WORDS

  logic tbl_wr_cfg, tbl_wr_key;
  assign tbl_wr_cfg = tbl_wr && tbl_wr_word == 16'(vgiw_cfg_pkg::BT_W_CFG_ADDR);
  assign tbl_wr_key = tbl_wr && tbl_wr_word == 16'(vgiw_cfg_pkg::BT_W_CFG_KEY);

  // The entries read a cycle ahead: a memory with a clocked read (vgiw_ram_1w1r) per field and
  // read address. In LUT RAM by default: in block RAM, which Yosys chose once the reads were
  // clocked, the outputs sit in the RAM columns, and the done merge's route from there was
  // nextpnr's critical path (72 ns on fpga_3x3, docs/fpga.md "Third round"); in LUT RAM the read
  // registers are placed by the logic. A table of hundreds of blocks goes into block RAM
  // (bbs.block_ram_tables): in LUT RAM, two reads of 288 entries were 2,088 LUT4 sites (issue 22).
  // The CVT word address of each block's first word, and of its successors' (vgiw_cvt: block b's
  // word w is table word b * tile words + w), are products formed as the table loads (the tile
  // size is set in S_CHECK, before it, and stays for the kernel), so neither the dispatch's CVT
  // read nor the done packets' merge starts with a multiply (issue 22: nextpnr's critical path of
  // fpga_3x3, docs/fpga.md "Sixth round").
  localparam bit TBL_BRAM = vgiw_cfg_pkg::BBS_BLOCK_RAM_TABLES;
  logic            tbl_wr_succ, tbl_wr_cvu;
  logic [NC-1:0]   tbl_wr_cvus;
  logic [AW-1:0]   tbl_wr_base;
  logic [2*AW-1:0] tbl_wr_sbase;                   // {taken, not taken}
  assign tbl_wr_succ  = tbl_wr && tbl_wr_word == 16'(vgiw_cfg_pkg::BT_W_SUCC);
  assign tbl_wr_cvu   = tbl_wr && tbl_wr_word == 16'(vgiw_cfg_pkg::BT_W_CVU_MASK);
  assign tbl_wr_cvus  = NC'(f_word);
  assign tbl_wr_base  = AW'(32'(tbl_wr_block) * 32'(tile_words_q));
  assign tbl_wr_sbase = {AW'(32'(f_word[2*SB-1:SB]) * 32'(tile_words_q)), AW'(32'(f_word[SB-1:0]) * 32'(tile_words_q))};

  vgiw_ram_1w1r #(.DEPTH(MAXB), .WIDTH(32), .BLOCK(TBL_BRAM)) u_tbl_succ_cur (
    .clk_i, .wr_en_i(tbl_wr_succ), .wr_addr_i(tbl_wr_block), .wr_data_i(f_word), .rd_addr_i(cur_d), .rd_data_o(tbl_succ_rd));
  vgiw_ram_1w1r #(.DEPTH(MAXB), .WIDTH(32), .BLOCK(TBL_BRAM)) u_tbl_succ_sel (
    .clk_i, .wr_en_i(tbl_wr_succ), .wr_addr_i(tbl_wr_block), .wr_data_i(f_word), .rd_addr_i(sel_d), .rd_data_o(tbl_tsucc_rd));
  vgiw_ram_1w1r #(.DEPTH(MAXB), .WIDTH(NC), .BLOCK(TBL_BRAM)) u_tbl_cvu_cur (
    .clk_i, .wr_en_i(tbl_wr_cvu), .wr_addr_i(tbl_wr_block), .wr_data_i(tbl_wr_cvus), .rd_addr_i(cur_d), .rd_data_o(tbl_cvu_cur_q));
  vgiw_ram_1w1r #(.DEPTH(MAXB), .WIDTH(NC), .BLOCK(TBL_BRAM)) u_tbl_cvu_sel (
    .clk_i, .wr_en_i(tbl_wr_cvu), .wr_addr_i(tbl_wr_block), .wr_data_i(tbl_wr_cvus), .rd_addr_i(sel_d), .rd_data_o(tbl_cvu_sel_q));
  vgiw_ram_1w1r #(.DEPTH(MAXB), .WIDTH(AW), .BLOCK(TBL_BRAM)) u_tbl_base_cur (
    .clk_i, .wr_en_i(tbl_wr), .wr_addr_i(tbl_wr_block), .wr_data_i(tbl_wr_base), .rd_addr_i(cur_d), .rd_data_o(tbl_base_cur_q));
  vgiw_ram_1w1r #(.DEPTH(MAXB), .WIDTH(AW), .BLOCK(TBL_BRAM)) u_tbl_base_sel (
    .clk_i, .wr_en_i(tbl_wr), .wr_addr_i(tbl_wr_block), .wr_data_i(tbl_wr_base), .rd_addr_i(sel_d), .rd_data_o(tbl_base_sel_q));
  vgiw_ram_1w1r #(.DEPTH(MAXB), .WIDTH(2*AW), .BLOCK(TBL_BRAM)) u_tbl_sbase (
    .clk_i, .wr_en_i(tbl_wr_succ), .wr_addr_i(tbl_wr_block), .wr_data_i(tbl_wr_sbase), .rd_addr_i(cur_d), .rd_data_o(tbl_sbase_q));
  // the running block's CVUs; in the last shift cycle the next block's (its first batch is
  // read then, docs/ctrl.md "Turnaround")
  assign tbl_cvu_rd  = (state_q == S_SHIFT) ? tbl_cvu_sel_q : tbl_cvu_cur_q;

  // ---- derived ----------------------------------------------------------------------------
  logic            merge_vld;                      // a done packet merges into the CVT (dispatch)
  logic [BW-1:0]   merge_block;
  logic [AW-1:0]   merge_base;                     // its first CVT word
  logic            new_fab_err, new_mem_err;
  logic [BW-1:0]   smallest;
  logic            any_nonempty;
  logic [BW-1:0]   predict;
  logic            predict_vld;
  logic [SB-1:0]   cur_s0, cur_s1;
  logic [NC-1:0]   cur_cvu;
  logic [TW-1:0]   max_tile_words;
  logic [31:0]     thread_words;
  logic [32:0]     tile_left;
  logic [32:0]     next_base;

  assign new_fab_err = fab_error_i && !fab_err_q;
  assign new_mem_err = mem_error_i && !mem_err_q;
  // the running block's successors for the prefetch and the shadow target: with TBL_BRAM the
  // register after the block RAM (g_disp_succ_q, below; the block RAM's output into the
  // configuration cache's probes was the estimate's worst path, issue 22, docs/fpga.md "Twelfth
  // round"). In the cycle it is stale there is no successor, and neither a prediction nor a
  // target is taken (a prefetch of the wrong block would hold the fetch unit for a whole
  // configuration: the first try, with the smallest other block predicted then, cost bfs 8 %)
  logic [SB-1:0]  disp_s0, disp_s1;
  logic [AW-1:0]  disp_b0, disp_b1;
  logic           disp_succ_ok;
  if (TBL_BRAM) begin : g_hint_succ_q
    assign cur_s0 = disp_succ_ok ? disp_s0 : SUCC_NONE;
    assign cur_s1 = disp_succ_ok ? disp_s1 : SUCC_NONE;
  end else begin : g_hint_succ_now
    assign cur_s0 = tbl_succ_rd[SB-1:0];           // successor 0: not taken
    assign cur_s1 = tbl_succ_rd[2*SB-1:SB];        // successor 1: taken
  end
  assign cur_cvu     = tbl_cvu_rd;
  assign next_base   = tile_base_q + 33'({tile_words_q, 6'd0});
  // threads of the tile that starts next (from the table check, or after the current tile)
  assign tile_left   = {1'b0, threads_q} - ((state_q == S_SELECT) ? next_base : tile_base_q);

  // Smallest non-empty block and the block to prefetch (docs/ctrl.md "Configuration cache").
  // The CVT's summary is registered; a done packet merged in this cycle (in the cycle a run
  // drains, its last one) is added here, so the next block is chosen in that cycle
  // (docs/ctrl.md "Turnaround"). With SEL_CYCLE the choice waits a cycle for the register,
  // and the prefetch and the shadow target see the summary's two smallest blocks a cycle late
  // (registered: the search of the summary is not on one path with the probes and the choice,
  // issue 22, docs/fpga.md "Tenth round"); they are a run's hints, and in a run other blocks
  // only gain threads, so a late one misses for a cycle a block that has just become non-empty.
  // A run's first cycle follows a cycle without one (S_SELECT or S_SHIFT), whose summary is
  // the run's, and the register is read against the current cur_q.
  logic [MAXB-1:0] nonempty;
  always_comb begin
    nonempty = cvt_nonempty_i;
    if (!SEL_CYCLE && merge_vld && state_q == S_RUN) nonempty[merge_block] = 1'b1;
  end
  logic [1:0]          low_vld, hint_low_vld;     // the two smallest non-empty blocks
  logic [1:0][BW-1:0]  low, hint_low;             // (for the prefetch and shadow target)
  vgiw_lowest2 #(.WIDTH(MAXB)) u_nonempty_low (.data_i(nonempty), .valid_o(low_vld), .idx_o(low));
  assign smallest     = low[0];                   // 0 when none
  assign any_nonempty = low_vld[0];
  if (SEL_CYCLE) begin : g_hint_low_q
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        hint_low_vld <= '0;
        hint_low     <= '0;
      end else begin
        hint_low_vld <= low_vld;
        hint_low     <= low;
      end
    end
  end else begin : g_hint_low_now
    assign hint_low_vld = low_vld;
    assign hint_low     = low;
  end
  vgiw_bbs_prefetch u_prefetch (
    .low_vld_i      (hint_low_vld),
    .low_i          (hint_low),
    .cur_i          (cur_q),
    .succ0_i        (cur_s0),
    .succ1_i        (cur_s1),
    // while a block runs, sel_q follows the shadow target (registered: the block table read
    // for its successors is not on the path from the CVT summary)
    .deep_i         (state_q == S_RUN && tgt_vld && tgt == sel_q),
    .tgt_i          (sel_q),
    .tsucc0_i       (tbl_tsucc_rd[SB-1:0]),
    .tsucc1_i       (tbl_tsucc_rd[2*SB-1:SB]),
    .cand_o         (cand),
    .other_vld_o    (c0_vld),
    .cand_hit_i     (cand_hit),
    .predict_o      (predict),
    .predict_vld_o  (predict_vld)
  );

  // With SEL_CYCLE a prefetch starts from the choice of the previous cycle (predict_q), so that
  // the search of the CVT summary, the probes and the choice are not on one path with the fetch's
  // start and the configuration cache's fill (issue 22). A prediction, a cycle old: the block it
  // names was not on chip then, and only a fill (which makes the fetch unit busy) puts it there.
  // It is made in a cycle of the same run: in a run's first cycle it would be about the previous
  // block, whose successors are not this one's. Without SEL_CYCLE the registers are unread.
  // With TBL_BRAM the prediction waits a second cycle (predict_qq): the configuration table's
  // block RAM is read at predict_q, a register, rather than at the end of the choice (issue 22,
  // docs/fpga.md "Tenth round"). Two cycles old, the block it names was still not on chip then:
  // a fill puts it there at its start and keeps the fetch unit busy for longer than two cycles
  // (CFG_WORDS words from memory), so a prediction made before a fill of the same block ends
  // waits for it. Runs are separated by a cycle outside S_RUN (SEL_CYCLE), so two run cycles in
  // a row are one run's.
  logic [BW-1:0] predict_q, predict_qq;
  logic          predict_vld_q, predict_vld_qq;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      predict_q      <= '0;
      predict_vld_q  <= 1'b0;
      predict_qq     <= '0;
      predict_vld_qq <= 1'b0;
    end else begin
      predict_q      <= predict;
      predict_vld_q  <= predict_vld && state_q == S_RUN && disp_succ_ok;
      predict_qq     <= predict_q;
      predict_vld_qq <= predict_vld_q && state_q == S_RUN;
    end
  end

  // Shadow target (docs/ctrl.md "Shadow configuration"): the block that runs after cur_q is the
  // smallest block non-empty when it drains. Blocks other than cur_q only gain threads while it
  // runs, so that is min(c0, the successors of cur_q that receive a thread), c0 the smallest
  // other non-empty block (cand[0]). The target is the smallest of c0 and the successors: it is
  // certain when no successor is below c0, otherwise a prediction (a successor that receives no
  // thread makes it wrong; the reconfiguration then shifts in the foreground). A loop back to
  // cur_q needs no configuration.
  logic          s0_vld, s1_vld, tgt_vld;
  logic [BW-1:0] tgt;
  assign s0_vld = cur_s0 != SUCC_NONE && BW'(cur_s0) != cur_q;
  assign s1_vld = cur_s1 != SUCC_NONE && BW'(cur_s1) != cur_q;
  always_comb begin
    tgt     = cand[0];
    tgt_vld = c0_vld;
    if (s0_vld && (!tgt_vld || cand[1] < tgt)) begin tgt = cand[1]; tgt_vld = 1'b1; end
    if (s1_vld && (!tgt_vld || cand[2] < tgt)) begin tgt = cand[2]; tgt_vld = 1'b1; end
    // TBL_BRAM: in the cycle the successors' register is stale there is no target (the
    // background waits a cycle rather than chase the smallest other block)
    if (!disp_succ_ok) tgt_vld = 1'b0;
  end

  // Tile size (docs/core.md): T = min(roundup64(N), 64*floor(WORDS/B), 64*tile_max, 2^DATAPATH_TID_BITS),
  // in words (the last binds only if CVT_BITS > 2^DATAPATH_TID_BITS: fpga_3x3's kernels of few blocks).
  always_comb begin
    thread_words = (threads_q >> 6) + 32'(threads_q[5:0] != '0);
    max_tile_words = '0;
    if (nblocks_q != '0 && nblocks_q <= MAXB) max_tile_words = WORDS_PER_BLOCK[NBW'(nblocks_q)*TW +: TW];
    // the host's cap keeps work-groups whole in every tile (docs/core.md, descriptor word TILE_MAX)
    if (tile_max_q != '0 && tile_max_q < 32'(max_tile_words)) max_tile_words = TW'(tile_max_q);
  end

  // ---- dispatch and done merge (vgiw_bbs_dispatch) ----------------------------------------
  logic           drained, disp_idle;
  logic           preload;                         // the last shift cycle (below)
  logic           sel_go;                          // a selection that runs a block (below)

  logic [AW-1:0]  merge_word;
  logic [63:0]    merge_bits;
  logic           ev_batch, ev_stall_ready, ev_stall_drain, ev_retire;
  logic [63:0]    ev_batch_mask, ev_retire_bits;

  // With TBL_BRAM the done merge reads the running block's successors (and their first CVT
  // words) from a register after the block RAM: the merge's block decides every block's count
  // in the CVT, 288 decoders spread over the device, and the block RAM's output into them was
  // nextpnr's critical path (issue 22, docs/fpga.md "Eleventh round"). The register holds
  // cur_q's entry from the second cycle after cur_q changes (or the table is written); in the
  // cycle between, no done packet is taken (none can come: a new block's first done packet
  // follows its first batch's trip through the fabric; `a_merge_succ_fresh`). The prefetch
  // and the shadow target read the same register (cur_s0, cur_s1 above).
  if (TBL_BRAM) begin : g_disp_succ_q
    logic [2*SB-1:0] succ_q;
    logic [2*AW-1:0] sbase_q;
    logic            fresh_q, wr_q;
    // fresh: cur_q stays, and neither the read that succ_q takes now nor this one saw a write
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        succ_q  <= '0;
        sbase_q <= '0;
        wr_q    <= 1'b0;
        fresh_q <= 1'b0;
      end else begin
        succ_q  <= tbl_succ_rd[2*SB-1:0];
        sbase_q <= tbl_sbase_q;
        wr_q    <= tbl_wr;
        fresh_q <= cur_d == cur_q && !tbl_wr && !wr_q;
      end
    end
    assign {disp_s1, disp_s0} = succ_q;
    assign {disp_b1, disp_b0} = sbase_q;
    assign disp_succ_ok       = fresh_q;
  end else begin : g_disp_succ_now
    assign disp_s0      = cur_s0;
    assign disp_s1      = cur_s1;
    assign disp_b0      = tbl_sbase_q[AW-1:0];
    assign disp_b1      = tbl_sbase_q[2*AW-1:AW];
    assign disp_succ_ok = 1'b1;
  end

  vgiw_bbs_dispatch u_dispatch (
    .clk_i, .rst_ni,
    .run_start_i     (sel_go),
    .run_i           (state_q == S_RUN),
    .preload_i       (preload),
    .err_i           (err_q),
    .used_words_i    (used_words_q),
    .cvu_i           (cur_cvu),
    .succ0_i         (disp_s0),
    .succ1_i         (disp_s1),
    .succ0_base_i    (disp_b0),
    .succ1_base_i    (disp_b1),
    .drained_o       (drained),
    .idle_o          (disp_idle),
    .cvt_rd_valid_o,
    .cvt_rd_word_o,
    .cvt_rd_live_i,
    .cvt_rd_data_i,
    .merge_valid_o   (merge_vld),
    .merge_block_o   (merge_block),
    .merge_base_o    (merge_base),
    .merge_word_o    (merge_word),
    .merge_bits_o    (merge_bits),
    .cvu_batch_valid_o, .cvu_batch_ready_i, .cvu_batch_o,
    .cvu_done_valid_i (cvu_done_valid_i & {NC{disp_succ_ok}}), .cvu_done_ready_o, .cvu_done_i,
    .ev_batch_o       (ev_batch),
    .ev_batch_mask_o  (ev_batch_mask),
    .ev_stall_ready_o (ev_stall_ready),
    .ev_stall_drain_o (ev_stall_drain),
    .ev_retire_o      (ev_retire),
    .ev_retire_bits_o (ev_retire_bits)
  );
  assign cvt_rd_block_o = (state_q == S_SHIFT) ? sel_q : cur_q;   // first batch: in the last shift cycle
  assign cvt_rd_base_o  = (state_q == S_SHIFT) ? tbl_base_sel_q : tbl_base_cur_q;

  // CVT merge port: tile start (block 0 gets the tile's threads) or a done packet. The merge's
  // address and bits do not wait for its valid (the CVT reads them only with it), so the word's
  // address is not behind the done packet's tests (issue 22, docs/fpga.md "Sixth round").
  always_comb begin
    if (state_q == S_TILE) begin
      cvt_wr_valid_o = 1'b1;
      cvt_wr_block_o = '0;
      cvt_wr_base_o  = '0;
      cvt_wr_word_o  = AW'(init_w_q);
      cvt_wr_bits_o  = (init_w_q == used_words_q - TW'(1)) ? last_mask_q : '1;
    end else begin
      cvt_wr_valid_o = merge_vld;
      cvt_wr_block_o = merge_block;
      cvt_wr_base_o  = merge_base;
      cvt_wr_word_o  = merge_word;
      cvt_wr_bits_o  = merge_bits;
    end
  end

  // ---- background shift (FABRIC_CFG_SHADOW) -------------------------------------------------
  // While a block runs (not in the cycle it drains: that cycle selects), sel_q follows the
  // shadow target; once its configuration is complete in the configuration cache it shifts
  // into the shadow, one step per cycle from the same cache port and launch-value substitution
  // as a foreground shift. A new target abandons a shift in progress (counted as started, never
  // used). The cache keeps sel_q's entry (keep_i) while it is shifted out.
  // The shift follows the words as they arrive (a step goes out once its rows are in the cache,
  // as in a foreground shift), so a configuration still being fetched is shifted behind the
  // running block too, and a shift is resumed where it stopped: bg_on_q says the shadow holds
  // the first shift_row_q steps of block shv_blk_q, until another block's step, a foreground
  // shift, a launch or an abort (a new target leaves it; a return to the block resumes it, and
  // a foreground reconfiguration to it continues it, below).
  logic bg_run, bg_step, bg_start, bg_retarget, bg_same;
  logic [RWW-1:0] sh_row;                          // step read from the cache
  assign bg_run      = SHADOW && state_q == S_RUN && !drained;
  assign bg_retarget = bg_run && tgt_vld && tgt != sel_q;
  assign bg_same     = bg_on_q && shv_blk_q == sel_q;
  assign sh_row      = (state_q == S_RUN && !bg_same) ? '0 : shift_row_q;
  assign bg_step     = bg_run && tgt_vld && !bg_retarget && sh_row_ready
                       && !(shv_full_q && shv_blk_q == sel_q);
  assign bg_start    = bg_step && !bg_same;        // the first step of a shift (counted)

  // ---- fetch control ----------------------------------------------------------------------
  logic          want_vld;

  // the block being reconfigured to comes first; while a block runs, a prefetch candidate
  always_comb begin
    want     = sel_q;
    want_vld = 1'b0;
    if (state_q == S_SHIFT) begin
      want_vld = !sh_hit;
    end else if (state_q == S_RUN) begin
      want     = TBL_BRAM ? predict_qq : SEL_CYCLE ? predict_q : predict;
      want_vld = TBL_BRAM ? predict_vld_qq : SEL_CYCLE ? predict_vld_q : predict_vld;
    end
  end

  // The configuration address and key of the block to fetch: read without a clock at want from
  // LUT RAM; with bbs.block_ram_tables from block RAM, read a cycle ahead at want's next value
  // (in a run predict_q, which want follows a cycle later as predict_qq; else sel_d; archgen
  // requires select_cycle with it): at 288 blocks the two tables were 1,152 LUT4 sites of LUT
  // RAM (issue 22).
  if (TBL_BRAM) begin : g_cfg_ahead
    logic [BW-1:0] want_d;
    assign want_d = (state_d == S_RUN) ? predict_q : sel_d;
    vgiw_ram_1w1r #(.DEPTH(MAXB), .WIDTH(32), .BLOCK(1'b1)) u_tbl_cfg (
      .clk_i, .wr_en_i(tbl_wr_cfg), .wr_addr_i(tbl_wr_block), .wr_data_i(f_word), .rd_addr_i(want_d), .rd_data_o(tbl_cfg_rd));
    vgiw_ram_1w1r #(.DEPTH(MAXB), .WIDTH(32), .BLOCK(1'b1)) u_tbl_key (
      .clk_i, .wr_en_i(tbl_wr_key), .wr_addr_i(tbl_wr_block), .wr_data_i(f_word), .rd_addr_i(want_d), .rd_data_o(tbl_key_rd));
  end else begin : g_cfg_now
    logic [31:0] tbl_cfg_mem [MAXB];
    logic [31:0] tbl_key_mem [MAXB];
    always_ff @(posedge clk_i) begin
      if (tbl_wr_cfg) tbl_cfg_mem[tbl_wr_block] <= f_word;
    end
    always_ff @(posedge clk_i) begin
      if (tbl_wr_key) tbl_key_mem[tbl_wr_block] <= f_word;
    end
    assign tbl_cfg_rd = tbl_cfg_mem[want];
    assign tbl_key_rd = tbl_key_mem[want];
  end

  always_comb begin
    f_start = 1'b0;
    f_addr  = tbl_cfg_rd;
    f_count = 16'(CFG_WORDS);
    if (state_q == S_FLUSH_IN && flush_done_i) begin
      f_start = 1'b1;
      f_addr  = kdesc_q;
      f_count = 16'(DESC_FETCH);                  // every descriptor word
    end else if (state_q == S_CHECK && err_now == vgiw_cfg_pkg::ERR_NONE) begin
      f_start = 1'b1;
      f_addr  = table_q;
      f_count = 16'(nblocks_q << BTE_SHIFT);      // nblocks_q * BT_ENTRY_WORDS
    end else if (want_vld && !f_busy && !err_q) begin
      f_start = 1'b1;
    end
  end

  // ---- main state machine -----------------------------------------------------------------
  // Error codes: vgiw_cfg_pkg::ERR_<NAME>, generated from arch/core.toml [errors] (docs/core.md).
  logic [ECW-1:0] err_now;  // code of an error detected this cycle (ERR_NONE = none)
  // The CVUs add local IDs and the tile's work-group index in DATAPATH_TID_BITS bits
  // (vgiw_cvu_coord_add): their radices may not exceed a tile's threads.
  logic geom_bad;
  always_comb begin
    geom_bad = geom_q[GEOM_TILE_GROUPS] > 32'(TILE_CAP);
    for (int d = 0; d < 3; d++) geom_bad = geom_bad || geom_q[GEOM_LSIZE0 + d] > 32'(TILE_CAP);
  end
  always_comb begin
    err_now = vgiw_cfg_pkg::ERR_NONE;
    if (new_fab_err) err_now = vgiw_cfg_pkg::ERR_FABRIC;
    if (new_mem_err) err_now = vgiw_cfg_pkg::ERR_MEMORY;
    if (state_q == S_CHECK) begin
      if (magic_q != vgiw_cfg_pkg::DESC_MAGIC)            err_now = vgiw_cfg_pkg::ERR_BAD_MAGIC;
      else if (nblocks_q == '0 || nblocks_q > MAXB)       err_now = vgiw_cfg_pkg::ERR_BAD_BLOCK_COUNT;
      else if (max_tile_words == '0)                      err_now = vgiw_cfg_pkg::ERR_TILE_TOO_SMALL;
      else if (geom_bad)                                  err_now = vgiw_cfg_pkg::ERR_BAD_GEOMETRY;
    end
    if (state_q == S_CHECK_TABLE) begin
      // a successor out of range anywhere in the table wins over a block without CVUs
      if (tbl_bad_succ_q)                                  err_now = vgiw_cfg_pkg::ERR_BAD_SUCCESSOR;
      else if (tbl_no_cvu_q && err_now == vgiw_cfg_pkg::ERR_NONE) err_now = vgiw_cfg_pkg::ERR_NO_CVU;
    end
  end

  assign flush_done_seen = (flush_seen_q || (flush_sent_q && flush_done_i)) && !f_busy;

  // Selection (VGIW §2: the smallest non-empty block runs next), in S_SELECT or in the cycle a
  // run drains: the configured block runs again without reconfiguration (restart: the fabric's
  // thread state is cleared), any other is reconfigured to (reconf: the fabric is cleared in
  // this cycle and the configuration shifts in from the next, VGIW §3.2's reset and shift).
  logic again, swap, select, restart, reconf, swap_now, run_entry;
  assign again     = configured_q && smallest == cur_q;
  // the shadow holds the selected block completely: the switch is the load, in the selecting
  // cycle (with the clear), and the block runs from the next cycle as after a loop back
  assign swap      = SHADOW && !again && shv_full_q && shv_blk_q == smallest;
  assign select    = state_q == S_SELECT || (!SEL_CYCLE && state_q == S_RUN && drained);
  assign restart   = state_q == S_RUN && state_d == S_RUN && drained;
  assign reconf    = select && state_d == S_SHIFT;
  assign swap_now  = select && swap && state_d == S_RUN;
  assign run_entry = (state_d == S_RUN && state_q != S_RUN) || restart;
  // A selection that runs a block (again, or after a reconfiguration): the fabric is cleared and
  // the dispatch restarts its scan. With SEL_CYCLE it is S_SELECT with a block to run, known a
  // cycle ahead (sel_go_q): S_SELECT follows a drain, whose merge this cycle may be the only
  // thread left, or a tile's set-up, which gives block 0 threads. So the clear depends neither
  // on state_d, which every input of the state machine reaches, nor on the CVT summary's
  // search, and the CVUs' batch handshake (which a clear refuses) is not on a path from it to
  // the dispatch's CVT read. An error in S_SELECT then clears a fabric that holds no thread, on
  // the way to the abort, which clears it again.
  logic sel_go_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) sel_go_q <= 1'b0;
    else         sel_go_q <= state_d == S_SELECT
                             && (state_q == S_TILE || any_nonempty || (merge_vld && state_q == S_RUN));
  end
  assign sel_go    = SEL_CYCLE ? (state_q == S_SELECT && sel_go_q)
                               : (select && (state_d == S_RUN || state_d == S_SHIFT));
  // The last shift cycle (S_SHIFT's exit to S_RUN, below), spelled out rather than read from
  // state_d, whose other cases choose a block: the dispatch reads the block's first CVT word in
  // it, so that its batch leaves in the run's first cycle. Without it the first word is read in
  // the run's first cycle. With SEL_CYCLE the cache's "this step's words are in" (a tag search,
  // a fill level and a comparison) is not on the path to that read (issue 22): the last step's
  // words are the whole configuration, and a configuration complete in the cache stays so while
  // it shifts (the cache keeps sel_q's entry), so the last cycle's sh_full for sel_q says it
  // (sel_full_q; sel_q is set in S_SELECT and the last step is not the first, STEPS > 1). A
  // configuration that completes in the last step's cycle (a miss) reads its first word a cycle
  // later, in the run.
  logic sel_full_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) sel_full_q <= 1'b0;
    else         sel_full_q <= state_q == S_SHIFT && sh_full;
  end
  assign preload   = state_q == S_SHIFT && shift_row_q == RWW'(STEPS - 1)
                     && ((SEL_CYCLE && STEPS > 1) ? sel_full_q : sh_row_ready)
                     && err_now == vgiw_cfg_pkg::ERR_NONE;

  // The running block (cur_q) and the selected one (sel_q), as of the next cycle: the block
  // table is read at these addresses (above).
  always_comb begin
    cur_d = cur_q;
    sel_d = sel_q;
    // the last shift step: the reconfigured block runs from the next cycle
    if (state_q == S_SHIFT && cfg_shift_o && shift_row_q == RWW'(STEPS - 1)) cur_d = sel_q;
    // run entry (the dispatch restarts its scan of cur_q, also after a loop back to it)
    if (select && state_d == S_RUN) cur_d = smallest;
    if (state_q == S_SELECT || (state_q == S_RUN && drained && !SEL_CYCLE)) sel_d = smallest;
    if (bg_retarget) sel_d = tgt;                // the shadow keeps what it holds
  end

  always_comb begin
    state_d = state_q;
    unique case (state_q)
      S_IDLE:        if (start_i) state_d = S_FLUSH_IN;
      S_FLUSH_IN:    if (flush_done_i) state_d = S_DESC;
      S_DESC:        if (!f_busy && !f_start) state_d = S_CHECK;
      S_CHECK:       state_d = (err_now != vgiw_cfg_pkg::ERR_NONE) ? S_ABORT : S_TABLE;
      S_TABLE:       if (!f_busy) state_d = S_CHECK_TABLE;
      S_CHECK_TABLE: state_d = (err_now != vgiw_cfg_pkg::ERR_NONE) ? S_ABORT : S_TILE;
      S_TILE:        if (init_w_q == used_words_q - TW'(1)) state_d = S_SELECT;
      S_SELECT: begin
        if (any_nonempty) state_d = (again || swap) ? S_RUN : S_SHIFT;
        else if (next_base < {1'b0, threads_q}) state_d = S_TILE;
        else state_d = S_FLUSH_OUT;
      end
      S_SHIFT: if (sh_row_ready && shift_row_q == RWW'(STEPS - 1)) state_d = S_RUN;
      // the cycle a run drains selects the next block (no S_SELECT cycle between two runs);
      // only the tile's end goes through S_SELECT. With SEL_CYCLE every drained run does.
      S_RUN:         if (drained) state_d = (SEL_CYCLE || !any_nonempty) ? S_SELECT
                                          : (again || swap) ? S_RUN : S_SHIFT;
      S_ABORT:       if ((disp_idle || abort_cnt_q == ABORT_WAIT) && !f_busy)
                       state_d = S_FLUSH_OUT;
      S_FLUSH_OUT:   if (flush_done_seen) state_d = S_IDLE;
      default:       state_d = S_IDLE;
    endcase
    // any error (first one wins) ends the kernel through the abort path
    if (err_now != vgiw_cfg_pkg::ERR_NONE && state_q != S_IDLE && state_q != S_ABORT && state_q != S_FLUSH_OUT)
      state_d = S_ABORT;
  end

  assign flush_o       = (state_q == S_IDLE && start_i) || (state_q == S_FLUSH_OUT && !flush_sent_q);
  // The fabric's thread state is also cleared when the configured block runs again (a loop
  // back to it, or block 0 of a new tile): its CVUs restart at low thread IDs, and the fabric
  // requires increasing IDs between clears (docs/fabric.md, epochs). The configuration stays.
  assign fab_clear_o   = sel_go
                         || (state_q == S_ABORT && state_d == S_FLUSH_OUT);
  assign cvt_clear_o   = (state_q == S_SELECT && !any_nonempty) || (state_q == S_ABORT && state_d == S_FLUSH_OUT)
                         || (state_q == S_IDLE && start_i);
  assign cvt_clear_check_o = state_q == S_SELECT;
  assign cvt_tile_words_o  = tile_words_q;
  assign cfg_shift_o   = (state_q == S_SHIFT && sh_row_ready) || bg_step;
  assign cfg_bg_o      = SHADOW && state_q == S_RUN;
  // the shadow becomes the live configuration: in the cycle after a foreground shift's last
  // step (the first run cycle: the first batch reaches its CVU at its end, and the CVU reads
  // the configuration from the next cycle on), or in the selecting cycle of a switch
  assign cfg_load_o    = SHADOW && (load_q || swap_now);
  assign cb_start      = f_start && !(state_q == S_FLUSH_IN || state_q == S_CHECK);
  assign cb_wr         = f_valid && f_for_cfg_q && !cb_start;

  // Configurations kept across launches (docs/ctrl.md "Keeping configurations across launches",
  // VGIW §3.2): an entry's block table word CFG_KEY arrives after its CFG_ADDR (checked below)
  logic cb_drop, cb_match, cb_wr_hit, cb_kept;
  logic [K-1:0][CH-1:0][31:0] cb_sh_words;         // a shift step as the cache holds it
  assign cb_drop  = state_q == S_CHECK && (cfg_drop_q || drop_next_q);
  assign cb_match = tbl_wr && tbl_wr_word == 16'(vgiw_cfg_pkg::BT_W_CFG_KEY);

  // The block read from the cache: the one being selected, probed in the selecting cycle for the
  // hit counters and its use, then sel_q. With SEL_CYCLE always sel_q, and a reconfiguration is
  // counted and touched in its first shift cycle, when sel_q is the block: the lookup is then
  // off the path from the CVT summary's search to the dispatch's first CVT read (issue 22).
  logic          reconf_q;                       // the previous cycle started a reconfiguration
  logic [BW-1:0] sh_block;
  logic          reconf_seen;                    // the reconfiguration counted and touched now
  assign sh_block    = (select && !SEL_CYCLE) ? smallest : sel_q;
  assign reconf_seen = SEL_CYCLE ? reconf_q : reconf;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) reconf_q <= 1'b0;
    else         reconf_q <= reconf;
  end

  // A line the core writes to memory is compared with the kept configurations' span a cycle
  // later: the write's handshake comes through the memory port's arbiter, and the comparison
  // (two 33-bit sums) after it was the longest path of fpga_3x3 (issue 22, docs/fpga.md
  // "Fourth round"). The result is used at the next kernel's check, many cycles later
  // (asserted below: no write waits here in S_CHECK).
  logic        mem_wr_q;
  logic [31:0] mem_wr_addr_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) mem_wr_q <= 1'b0;
    else         mem_wr_q <= mem_wr_i;
  end
  always_ff @(posedge clk_i) begin
    if (mem_wr_i) mem_wr_addr_q <= mem_wr_addr_i;
  end

  vgiw_bbs_cfg_cache #(.NPROBE(5)) u_cfg_cache (
    .clk_i, .rst_ni,
    .inval_i      (state_q == S_IDLE && start_i),
    .drop_i       (cb_drop),
    .match_i      (cb_match),
    .match_block_i (tbl_wr_block),
    .match_addr_i (bt_addr_q),
    .match_key_i  (f_word),
    .match_hit_o  (cb_kept),
    .wr_i         (mem_wr_q),
    .wr_addr_i    (mem_wr_addr_q),
    .wr_hit_o     (cb_wr_hit),
    .fill_addr_i  (tbl_cfg_rd),
    .fill_key_i   (tbl_key_rd),
    .keep_i       ({cur_q, sh_block}),
    .probe_i      (cand),
    .probe_hit_o  (cand_hit),
    .fill_start_i (cb_start),
    .fill_block_i (want),
    .fill_wr_i    (cb_wr),
    .fill_cnt_i   (f_cnt),
    .fill_line_i  (f_line),
    .fill_off_i   (f_off),
    .fill_words_o (cb_words),
    .sh_block_i   (sh_block),
    .sh_touch_i   (reconf_seen),
    .sh_row_i     (sh_row),
    .sh_hit_o     (sh_hit),
    .sh_full_o    (sh_full),
    .sh_row_ready_o (sh_row_ready),
    .sh_words_o   (cb_sh_words)
  );

  // launch values (docs/core.md "Launch values", VGIW §3.2, §3.5): the cache holds the words of the
  // image; the launch's arguments and sizes replace their escapes on the way into the fabric
  vgiw_bbs_launch u_launch (
    .clk_i, .rst_ni,
    .desc_valid_i (f_valid && !f_for_cfg_q && state_q == S_DESC),
    .desc_idx_i   (f_idx),
    .desc_word_i  (f_word),
    .words_i      (cb_sh_words),
    .words_o      (cfg_word_o)
  );
  assign tile_base_o   = tile_base_q[31:0];
  assign geom_o        = geom_q;
  assign busy_o        = state_q != S_IDLE;
  assign done_o        = done_q;
  assign error_o       = err_q;
  assign error_code_o  = err_code_q;
  assign lv_base_o     = lv_base_q;
  assign lv_tile_threads_o = (vgiw_cfg_pkg::DATAPATH_TID_BITS + 1)'({tile_words_q, 6'd0});   // tile_words_q <= CAP_WORDS

  // ---- sequential ---------------------------------------------------------------------------
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q       <= S_IDLE;
      done_q        <= 1'b0;
      err_q         <= 1'b0;
      err_code_q    <= '0;
      kdesc_q       <= '0;
      nblocks_q     <= '0;
      table_q       <= '0;
      threads_q     <= '0;
      lv_base_q     <= '0;
      tile_max_q    <= '0;
      cfg_drop_q    <= 1'b0;
      drop_next_q   <= 1'b0;
      bt_addr_q     <= '0;
      geom_q        <= '0;
      fab_err_q     <= 1'b0;
      mem_err_q     <= 1'b0;
      magic_q       <= '0;
      tbl_bad_succ_q <= 1'b0;
      tbl_no_cvu_q  <= 1'b0;
      tile_words_q  <= '0;
      tile_base_q   <= '0;
      used_words_q  <= '0;
      last_mask_q   <= '0;
      init_w_q      <= '0;
      cur_q         <= '0;
      sel_q         <= '0;
      configured_q  <= 1'b0;
      shift_row_q   <= '0;
      abort_cnt_q   <= '0;
      flush_sent_q  <= 1'b0;
      flush_seen_q  <= 1'b0;
      f_for_cfg_q   <= 1'b0;
      bg_on_q       <= 1'b0;
      shv_blk_q     <= '0;
      shv_full_q    <= 1'b0;
      load_q        <= 1'b0;
    end else begin
      state_q   <= state_d;
      cur_q     <= cur_d;
      sel_q     <= sel_d;
      fab_err_q <= fab_error_i;
      mem_err_q <= mem_error_i;

      if (err_now != vgiw_cfg_pkg::ERR_NONE && !err_q && state_q != S_IDLE) begin
        err_q      <= 1'b1;
        err_code_q <= err_now;
      end

      unique case (state_q)
        S_IDLE: if (start_i) begin
          kdesc_q       <= kdesc_i;
          done_q        <= 1'b0;
          err_q         <= 1'b0;
          err_code_q    <= '0;
          configured_q  <= 1'b0;
          nblocks_q     <= '0;
          tile_words_q  <= '0;
          tile_base_q   <= '0;
          flush_sent_q  <= 1'b0;
          flush_seen_q  <= 1'b0;
          tbl_bad_succ_q <= 1'b0;
          tbl_no_cvu_q  <= 1'b0;
        end
        S_CHECK: begin
          tile_words_q <= (thread_words < 32'(max_tile_words))
                          ? ((thread_words > 32'(CAP_WORDS)) ? TW'(CAP_WORDS) : TW'(thread_words))
                          : ((32'(max_tile_words) > 32'(CAP_WORDS)) ? TW'(CAP_WORDS) : max_tile_words);
        end
        S_SELECT: begin
          if (!any_nonempty && next_base < {1'b0, threads_q}) tile_base_q <= next_base;
        end
        S_SHIFT: if (cfg_shift_o) begin
          shift_row_q <= shift_row_q + RWW'(1);
          if (shift_row_q == RWW'(STEPS - 1)) begin
            configured_q <= 1'b1;
            shv_full_q   <= 1'b1;             // the shadow holds it too (loaded next cycle)
          end
        end
        S_ABORT: abort_cnt_q <= abort_cnt_q + 16'd1;
        S_FLUSH_OUT: begin
          flush_sent_q <= 1'b1;
          if (flush_sent_q && flush_done_i) flush_seen_q <= 1'b1;
          if (flush_done_seen) done_q <= 1'b1;
        end
        default: ;
      endcase
      if (state_q != S_ABORT) abort_cnt_q <= '0;

      // tile set-up: entering S_TILE (from the table check or the previous tile)
      if (state_d == S_TILE && state_q != S_TILE) begin
        init_w_q <= '0;
      end else if (state_q == S_TILE) begin
        init_w_q <= init_w_q + TW'(1);
      end
      if ((state_q == S_CHECK_TABLE || state_q == S_SELECT) && state_d == S_TILE) begin
        if (tile_left > 33'({tile_words_q, 6'd0})) begin
          used_words_q <= tile_words_q;
          last_mask_q  <= '1;
        end else begin
          used_words_q <= TW'((tile_left + 33'd63) >> 6);
          last_mask_q  <= (tile_left[5:0] == 6'd0) ? '1 : ((64'd1 << tile_left[5:0]) - 64'd1);
        end
      end

      if (swap_now) configured_q <= 1'b1;   // the shadow is now the live configuration
      if (reconf) begin                  // the reset of a reconfiguration (VGIW §3.2)
        // a block whose shift the shadow holds part of continues from the step it reached
        // (its earlier steps are in the shadow already); any other starts at step 0
        shift_row_q  <= (bg_on_q && shv_blk_q == smallest) ? shift_row_q : '0;
        configured_q <= 1'b0;
      end

      // shadow chains: a foreground shift writes them (and is loaded the cycle after its last
      // step); in a run, the next block's configuration shifts in behind the running one
      load_q <= SHADOW && state_q == S_SHIFT && state_d == S_RUN;
      if (reconf) begin
        bg_on_q    <= 1'b0;
        shv_blk_q  <= smallest;
        shv_full_q <= 1'b0;
      end
      if (bg_step) begin
        shv_blk_q   <= sel_q;
        shv_full_q  <= sh_row == RWW'(STEPS - 1);
        bg_on_q     <= sh_row != RWW'(STEPS - 1);
        shift_row_q <= sh_row + RWW'(1);
      end
      // a new launch brings new launch values (substituted into the shifted words), an abort
      // may have cut a shift short: the shadow holds nothing usable
      if ((state_q == S_IDLE && start_i) || state_q == S_ABORT) begin
        bg_on_q    <= 1'b0;
        shv_full_q <= 1'b0;
      end

      // descriptor and block table words
      if (f_valid && !f_for_cfg_q) begin
        if (state_q == S_DESC) begin
          unique case (f_idx)
            16'(vgiw_cfg_pkg::DESC_W_MAGIC):    magic_q    <= f_word;   // checked in S_CHECK
            16'(vgiw_cfg_pkg::DESC_W_BLOCKS):   nblocks_q  <= f_word;
            16'(vgiw_cfg_pkg::DESC_W_TABLE):    table_q    <= f_word;
            16'(vgiw_cfg_pkg::DESC_W_THREADS):  threads_q  <= f_word;
            16'(vgiw_cfg_pkg::DESC_W_LV_BASE):  lv_base_q  <= f_word;
            16'(vgiw_cfg_pkg::DESC_W_TILE_MAX): tile_max_q <= f_word;
            16'(vgiw_cfg_pkg::DESC_W_CFG_FLAGS): cfg_drop_q <= f_word[0];
            default: ;
          endcase
          // a compare per word, not a write at a computed index (which Yosys builds as a mask
          // shifted over all of geom_q, without clock enables)
          for (int g = 0; g < GEOM_WORDS; g++)
            if (f_idx == 16'(GEOM_FIRST + g)) geom_q[g] <= f_word;
        end else begin
          // block table entries are written to the memories above; here only their checks
          if (tbl_wr_word == 16'(vgiw_cfg_pkg::BT_W_CFG_ADDR)) bt_addr_q <= f_word;
          if (tbl_wr_word == 16'(vgiw_cfg_pkg::BT_W_SUCC) &&
              ((f_word[SB-1:0] != SUCC_NONE && 32'(f_word[SB-1:0]) >= nblocks_q) ||
               (f_word[2*SB-1:SB] != SUCC_NONE && 32'(f_word[2*SB-1:SB]) >= nblocks_q)))
            tbl_bad_succ_q <= 1'b1;
          if (tbl_wr_word == 16'(vgiw_cfg_pkg::BT_W_CVU_MASK) && NC'(f_word) == '0) tbl_no_cvu_q <= 1'b1;
        end
      end

      // kept configurations are dropped at the next check after a write that may overlap them
      // or an error (a configuration read that failed may have been kept)
      if (cb_drop) drop_next_q <= 1'b0;
      if (cb_wr_hit || err_now != vgiw_cfg_pkg::ERR_NONE) drop_next_q <= 1'b1;

      // configuration fetches: the words go to the configuration cache, in order (asserted)
      if (f_start) f_for_cfg_q <= !(state_q == S_FLUSH_IN || state_q == S_CHECK);
    end
  end

  // ---- counters (vgiw_bbs_counters, docs/ctrl.md) ------------------------------------------
  logic [NFIX-1:0] cnt_inc;
  always_comb begin
    cnt_inc = '0;
    cnt_inc[vgiw_cfg_pkg::CNT_CYCLES - C_FIX]      = 1'b1;
    cnt_inc[vgiw_cfg_pkg::CNT_TILES - C_FIX]       = state_q != S_TILE && state_d == S_TILE;
    cnt_inc[vgiw_cfg_pkg::CNT_BATCHES - C_FIX]     = ev_batch;
    // a switch to the shadow is a reconfiguration (another block's configuration goes live)
    cnt_inc[vgiw_cfg_pkg::CNT_RECONFIGS - C_FIX]   = reconf || swap_now;
    // a reconfiguration hits when its whole configuration is on chip as it starts
    cnt_inc[vgiw_cfg_pkg::CNT_CFG_HITS - C_FIX]    = (reconf_seen && sh_full) || swap_now;
    cnt_inc[vgiw_cfg_pkg::CNT_CFG_MISSES - C_FIX]  = reconf_seen && !sh_full;
    cnt_inc[vgiw_cfg_pkg::CNT_CFG_FETCHES - C_FIX] = cb_start;
    cnt_inc[vgiw_cfg_pkg::CNT_CFG_KEPT - C_FIX]    = cb_kept;
    cnt_inc[vgiw_cfg_pkg::CNT_CFG_BG_SHIFTS - C_FIX] = bg_start;
    cnt_inc[vgiw_cfg_pkg::CNT_CFG_BG_USED - C_FIX]   = swap_now;
    // the shift cycles (the clear is in the cycle that selected the block, not a cycle of its own)
    cnt_inc[vgiw_cfg_pkg::CNT_RECONFIG_CYCLES - C_FIX] = state_q == S_SHIFT;
    cnt_inc[vgiw_cfg_pkg::CNT_FABRIC_BUSY - C_FIX] = fab_busy_i;
    cnt_inc[vgiw_cfg_pkg::CNT_STALL_CFG - C_FIX]   = state_q == S_SHIFT && !cfg_shift_o;
    cnt_inc[vgiw_cfg_pkg::CNT_STALL_READY - C_FIX] = ev_stall_ready;
    cnt_inc[vgiw_cfg_pkg::CNT_STALL_DRAIN - C_FIX] = ev_stall_drain;
    cnt_inc[vgiw_cfg_pkg::CNT_RETIRED - C_FIX]     = ev_retire;
  end

  vgiw_bbs_counters u_counters (
    .clk_i, .rst_ni,
    .clear_i       (state_q == S_IDLE && start_i),
    .run_i         (state_q != S_IDLE),
    .blk_load_i    (tbl_wr && tbl_wr_word == 16'd0),             // a block table entry's first word
    .inc_i         (cnt_inc),
    .retire_bits_i (ev_retire_bits),
    .exec_inc_i    (run_entry),
    .exec_blk_i    (select ? smallest : sel_q),                  // the block run entry selects
    .thr_inc_i     (ev_batch),                                   // batches go to block cur_q
    .thr_blk_i     (cur_q),
    .thr_bits_i    (ev_batch_mask),
    // a block holds the fabric from its reconfiguration (clear, shift) to the end of its run
    // (drained: its last thread is back), the time its thread-blocks per cycle are measured
    // over (issue 17, docs/ctrl.md "Counters")
    .blk_cyc_inc_i (state_q == S_SHIFT || state_q == S_RUN),
    .blk_cyc_blk_i ((state_q == S_RUN) ? cur_q : sel_q),
    .unit_fire_i,
    .ext_cnt_i,
    .cnt_sel_i,
    .cnt_value_o
  );

`ifndef SYNTHESIS
  initial begin
    if (CH > WPL) $error("bbs: %0d chains need %0d configuration words per row; a line has %0d", CH, CH, WPL);
    if (2 ** BTE_SHIFT != BTE) $error("bbs: %0d block table words per entry is not a power of two", BTE);
    if (vgiw_cfg_pkg::BT_W_CFG_ADDR >= vgiw_cfg_pkg::BT_W_CFG_KEY)
      $error("bbs: block table word CFG_KEY must follow CFG_ADDR (the key is matched with the address read before it)");
    if (2 * SB > 32) $error("bbs: two %0d-bit successor fields do not fit a word", SB);
    if (vgiw_cfg_pkg::DESC_W_MAGIC >= DESC_FETCH || vgiw_cfg_pkg::DESC_W_BLOCKS >= DESC_FETCH
        || vgiw_cfg_pkg::DESC_W_TABLE >= DESC_FETCH || vgiw_cfg_pkg::DESC_W_THREADS >= DESC_FETCH
        || vgiw_cfg_pkg::DESC_W_LV_BASE >= DESC_FETCH || vgiw_cfg_pkg::DESC_W_LOCAL_SPAN >= DESC_FETCH)
      $error("bbs: a descriptor word the BBS keeps lies outside the fetched descriptor");
  end
  // the registered reads of the block table hold cur_q's and sel_q's entries (a cycle after a
  // table write they may not: the table loads cycles before a block runs)
  logic          tbl_wr_q;
  logic [31:0]   chk_succ_cur, chk_succ_sel;
  logic [NC-1:0] chk_cvu_cur, chk_cvu_sel;
  logic [AW-1:0] chk_base_cur, chk_base_sel;
  logic [2*AW-1:0] chk_sbase_cur;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) tbl_wr_q <= 1'b0;
    else         tbl_wr_q <= tbl_wr;
  end
  // the table as written, read without a clock at cur_q and sel_q
  logic [31:0]     chk_succ_mem  [MAXB];
  logic [NC-1:0]   chk_cvu_mem   [MAXB];
  logic [AW-1:0]   chk_base_mem  [MAXB];
  logic [2*AW-1:0] chk_sbase_mem [MAXB];
  logic [31:0]     chk_cfg_mem   [MAXB];
  logic [31:0]     chk_key_mem   [MAXB];
  always_ff @(posedge clk_i) begin
    if (tbl_wr_cfg)  chk_cfg_mem[tbl_wr_block]   <= f_word;
    if (tbl_wr_key)  chk_key_mem[tbl_wr_block]   <= f_word;
    if (tbl_wr_succ) chk_succ_mem[tbl_wr_block]  <= f_word;
    if (tbl_wr_succ) chk_sbase_mem[tbl_wr_block] <= tbl_wr_sbase;
    if (tbl_wr_cvu)  chk_cvu_mem[tbl_wr_block]   <= tbl_wr_cvus;
    if (tbl_wr)      chk_base_mem[tbl_wr_block]  <= tbl_wr_base;
  end
  assign chk_succ_cur = chk_succ_mem[cur_q];
  assign chk_succ_sel = chk_succ_mem[sel_q];
  assign chk_cvu_cur  = chk_cvu_mem[cur_q];
  assign chk_cvu_sel  = chk_cvu_mem[sel_q];
  assign chk_base_cur = chk_base_mem[cur_q];
  assign chk_base_sel = chk_base_mem[sel_q];
  assign chk_sbase_cur = chk_sbase_mem[cur_q];
  a_wr_seen: assert property (@(posedge clk_i) disable iff (!rst_ni)
      !(state_q == S_CHECK && mem_wr_q))
    else $error("bbs: a memory write not yet compared with the kept configurations at the check");
  a_tbl_rd: assert property (@(posedge clk_i) disable iff (!rst_ni)
      !(!tbl_wr_q && state_q != S_IDLE
        && (tbl_succ_rd != chk_succ_cur || tbl_tsucc_rd != chk_succ_sel
            || tbl_cvu_cur_q != chk_cvu_cur || tbl_cvu_sel_q != chk_cvu_sel
            || tbl_base_cur_q != chk_base_cur || tbl_base_sel_q != chk_base_sel
            || tbl_sbase_q != chk_sbase_cur)))
    else $error("bbs: the block table's registered reads are not block %0d's and %0d's entries", cur_q, sel_q);
  // the configuration to fetch is want's, read ahead or not (a fetch starts only with want_vld)
  logic [31:0] chk_cfg_want, chk_key_want;
  assign chk_cfg_want = chk_cfg_mem[want];
  assign chk_key_want = chk_key_mem[want];
  // the dispatch's registered successors are cur_q's whenever a done packet is waiting: the
  // cycle they are not (after cur_q changes) never holds one back (g_disp_succ_q)
  a_merge_succ_fresh: assert property (@(posedge clk_i) disable iff (!rst_ni)
      !(cvu_done_valid_i != '0 && !disp_succ_ok))
    else $error("bbs: a done packet waits in the cycle the dispatch's successors are not block %0d's", cur_q);
  if (TBL_BRAM) begin : g_chk_disp_succ
    a_disp_succ: assert property (@(posedge clk_i) disable iff (!rst_ni)
        !(disp_succ_ok && !err_q && ({disp_s1, disp_s0} != chk_succ_cur[2*SB-1:0]
                                     || {disp_b1, disp_b0} != chk_sbase_cur)))
      else $error("bbs: the dispatch's successors are not block %0d's", cur_q);
  end
  a_tbl_cfg_rd: assert property (@(posedge clk_i) disable iff (!rst_ni)
      !(!tbl_wr_q && want_vld && (tbl_cfg_rd != chk_cfg_want || tbl_key_rd != chk_key_want)))
    else $error("bbs: the configuration address or key read is not block %0d's", want);
  // the kept first words are the products the CVT's layout defines (vgiw_cvt checks the
  // merge's and the read's when they are valid; the dispatch uses the read's data whenever it
  // loads a batch, in a run or the last shift cycle)
  a_rd_base: assert property (@(posedge clk_i) disable iff (!rst_ni)
      !((state_q == S_RUN || preload) && !err_q
        && 32'(cvt_rd_base_o) != 32'(cvt_rd_block_o) * 32'(tile_words_q)))
    else $error("bbs: block %0d's first CVT word %0d is not its number x %0d tile words",
                cvt_rd_block_o, cvt_rd_base_o, tile_words_q);
  // the read in the last shift cycle is of a block whose last step goes out in that cycle
  a_preload: assert property (@(posedge clk_i) disable iff (!rst_ni)
      !(preload && !(sh_row_ready && state_d == S_RUN)))
    else $error("bbs: the first CVT read before the last shift step's words are in");
  a_sel_go: assert property (@(posedge clk_i) disable iff (!rst_ni)
      !(SEL_CYCLE && state_q == S_SELECT && sel_go_q != any_nonempty))
    else $error("bbs: the selection's look-ahead (sel_go_q) disagrees with the CVT summary");
  a_cfg_in_order: assert property (@(posedge clk_i) disable iff (!rst_ni)
      !(cb_wr && f_idx != 16'(cb_words)))
    else $error("bbs: configuration words out of order");
`endif
endmodule
