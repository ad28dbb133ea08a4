// One bank of a set-associative, write-back, write-allocate, non-blocking cache (docs/mem.md),
// the building block of both the banked L1 (VGIW Table 1) and the live value cache (VGIW §3.4).
//
// Word port: 32-bit accesses with byte enables, pipelined: a request is registered (stage 1),
// looked up against the directory flops and performed on the data array in the same cycle, and
// answered from stage 2 (the data array's read register), so a bank takes a hit every cycle.
// A miss takes a miss status holding register (MSHR) with a queue of targets and the bank goes
// on: hits to other lines are served under the miss, and later requests to a line that is being
// fetched join its MSHR's queue (merging; a queued target keeps only its ID and word, the write
// data of stores and atomics wait in a shorter second queue). When the line arrives, the queued
// requests are performed in the order they were accepted, before any new request to that line,
// so requests to one line (and so to one address) are performed in acceptance order: the ordering guarantee
// the memory system builds on (docs/mem.md "Ordering guarantees"). Requests to different lines
// may be answered out of order (by ID).
//
// Line port: up to MSHRS refills and MSHRS write-backs in flight, each with its own local ID
// {write-back, slot}; the response carries that ID. A dirty victim is read into its MSHR's
// write-back buffer when the miss is taken and written while the refill is in flight (the
// refill never waits for it). A line is not fetched while a write-back of it is unacknowledged,
// so the bank needs no ordering between reads and writes from the next level.
// Replacement: true LRU per set (an age per way, 0 = most recent) over the ways that no MSHR
// holds; invalid ways first.
// Flush: with FLUSH_WB every dirty line is written back, then every line is invalidated;
// without it (LVC: live values are dead between kernels) lines are dropped.
// WRITE_VALIDATE (the LVC: a live value store writes a whole word the thread will read back,
// VGIW §3.4): a line carries a valid bit per word. A full-word store that misses allocates the
// line without reading it (no fetch on write miss) and validates the word it writes; a load of
// an invalid word (or a partial store to one) reads the line and merges it under the words
// already written; a dirty victim with invalid words is read from the next level into its
// write-back buffer under the valid words before it is written, so the line port stays
// whole-line. Without it (the L1: write-back/write-allocate, the one difference from Fermi's
// memory system that VGIW names beside its Table 1) every word of a present line is valid.
// Atomics (docs/mem.md "Atomics"; issue 23): a request with amo != AMO_NONE (vgiw_fu_pkg::amo_op_e)
// is a read-modify-write of its word, performed here so that it is indivisible against every
// other port of the L1: it is looked up (hit or replay) as a load, whose response is the old
// word, and in the next cycle the bank writes the new word (vgiw_atomic in sw/lib/vgiw_arith.c
// is the model) while the lookup stage takes nothing else, so no access to the bank sees the
// word between the read and the write. A miss queues it in the MSHR like any target (with its
// operand and comparand), so it stays in order with the other accesses to its line.
// Early store acknowledgement (docs/mem.md "Stores answered when queued"): a plain store that
// misses is answered when it is queued in an MSHR (allocation or merge), in the cycle and
// through the stage 2 a hit would answer it; its replay writes the data and sends nothing. The
// bank is the only cache of its lines and their single ordering point: every later access to
// the line, from any port, merges behind the store in the MSHR's in-order queue (or waits for
// it in stage 1), so the store is performed for every later access once it is queued. That is
// all a store's completion must mean (SGMF §4.3: memory order only needs the order of accesses
// to one address kept), and it keeps VGIW Table 1's write-back/write-allocate L1. A flush waits
// for every MSHR to replay (idle) before its walk, so no queued store is lost at a kernel's end.
// Loads and atomics are answered at their replay, with the refilled data.
// The parameter defaults are one L1 bank of the preset (for the stand-alone area row).
module vgiw_cache_bank #(
  parameter int unsigned SETS       = vgiw_cfg_pkg::L1_BYTES /
                                      (vgiw_cfg_pkg::L1_BANKS * vgiw_cfg_pkg::L1_LINE_BYTES * vgiw_cfg_pkg::L1_WAYS),
  parameter int unsigned WAYS       = vgiw_cfg_pkg::L1_WAYS,
  parameter int unsigned LINE_BYTES = vgiw_cfg_pkg::L1_LINE_BYTES,
  parameter int unsigned MSHRS      = vgiw_cfg_pkg::L1_MSHRS,
  parameter int unsigned TARGETS    = vgiw_cfg_pkg::L1_MSHR_TARGETS,
  // write-data entries per MSHR: a store or an atomic among its targets takes one, a load none
  // (docs/mem.md "Narrow targets")
  parameter int unsigned DATA       = vgiw_cfg_pkg::L1_MSHR_DATA,
  parameter int unsigned ID_W       = 8,
  // line-address bits that selected this bank; they are zero in the line port's addresses,
  // the banked cache fills in the bank's number (so every bank is one module: docs/mem.md)
  parameter int unsigned BANK_BITS  = $clog2(vgiw_cfg_pkg::L1_BANKS),
  parameter bit          FLUSH_WB   = 1'b1,
  parameter bit          WRITE_VALIDATE = 1'b0,
  localparam int unsigned LB        = LINE_BYTES,
  localparam int unsigned LBITS     = 8 * LINE_BYTES,
  localparam int unsigned SLW       = $clog2(MSHRS),          // MSHR index width
  localparam int unsigned LID_W     = SLW + 1,                // line-port ID: {write-back, slot}
  localparam int unsigned MCW       = $clog2(MSHRS + 1)
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  // word requests
  input  logic              req_valid_i,
  output logic              req_ready_o,
  input  logic [31:0]       req_addr_i,
  input  logic              req_write_i,
  input  logic [3:0]        req_be_i,
  input  logic [31:0]       req_wdata_i,
  input  logic [ID_W-1:0]   req_id_i,
  input  logic [3:0]        req_amo_i,      // vgiw_fu_pkg::amo_op_e; AMO_NONE for loads and stores
  input  logic [31:0]       req_cmp_i,      // comparand of AMO_CMPXCHG
  output logic              rsp_valid_o,
  input  logic              rsp_ready_i,
  output logic [ID_W-1:0]   rsp_id_o,
  output logic [31:0]       rsp_rdata_o,
  // maintenance
  input  logic              flush_i,
  output logic              flush_done_o,
  output logic              busy_o,
  // line port to the next level: requests and responses carry a local ID
  output logic              mem_req_valid_o,
  input  logic              mem_req_ready_i,
  output logic [31:0]       mem_req_addr_o,
  output logic              mem_req_write_o,
  output logic [LBITS-1:0]  mem_req_wdata_o,
  output logic [LID_W-1:0]  mem_req_lid_o,
  input  logic              mem_rsp_valid_i,
  input  logic [LID_W-1:0]  mem_rsp_lid_i,
  input  logic [LBITS-1:0]  mem_rsp_rdata_i,
  // event pulses for the counters
  output logic              ev_access_o,
  output logic              ev_hit_o,
  output logic              ev_miss_o,
  output logic              ev_writeback_o,
  output logic              ev_refill_o,      // line read request accepted (refill or victim merge)
  output logic              ev_mshr_stall_o,  // a request waited for an MSHR or a target slot
  output logic [MCW-1:0]    ev_miss_wait_o    // refills outstanding this cycle (latency sum)
);
  localparam int unsigned OFF_W   = $clog2(LB);
  localparam int unsigned WORDS   = LB / 4;
  localparam int unsigned WO_W    = (WORDS > 1) ? $clog2(WORDS) : 1;
  localparam int unsigned SET_W   = $clog2(SETS);
  localparam int unsigned LINES   = SETS * WAYS;
  localparam int unsigned IDX_W   = (LINES > 1) ? $clog2(LINES) : 1;
  localparam int unsigned WAY_W   = (WAYS > 1) ? $clog2(WAYS) : 1;
  localparam int unsigned TAG_LO  = OFF_W + BANK_BITS + SET_W;
  localparam int unsigned TAG_W   = 32 - TAG_LO;
  localparam int unsigned LN_W    = TAG_W + SET_W;            // line number within the bank
  localparam int unsigned TW      = $clog2(TARGETS);          // target queue pointer
  localparam int unsigned TCW     = $clog2(TARGETS + 1);      // target queue count
  localparam int unsigned DW      = $clog2(DATA);             // data queue pointer
  localparam int unsigned DCW     = $clog2(DATA + 1);         // data queue count

  // The line index is {set, way}: both counts must be powers of two, and at least two.
  if (SETS < 2 || WAYS < 2 || (SETS & (SETS - 1)) != 0 || (WAYS & (WAYS - 1)) != 0 ||
      LINE_BYTES < 4 || (LINE_BYTES & (LINE_BYTES - 1)) != 0) begin : g_bad_geometry
    $error("cache_bank: SETS, WAYS (>= 2) and LINE_BYTES (>= 4) must be powers of two");
  end
  if (MSHRS < 2 || (MSHRS & (MSHRS - 1)) != 0 || TARGETS < 2 || (TARGETS & (TARGETS - 1)) != 0 ||
      DATA < 2 || (DATA & (DATA - 1)) != 0)
  begin : g_bad_mshrs
    $error("cache_bank: MSHRS, TARGETS and DATA must be powers of two, at least 2");
  end

`ifdef VGIW_FAULT_LVC_DROP_SPILL
  // fault for showing that the tests catch a lost spill: a bank without write-back on flush
  // (the LVC) drops dirty victims instead of writing them back
  localparam bit VICTIM_WB = FLUSH_WB;
`else
  localparam bit VICTIM_WB = 1'b1;
`endif
`ifdef VGIW_FAULT_WV_FILL_ALL
  // fault for showing that the write-validate test catches a refill that overwrites words
  // already written (no merge under the word valid bits)
  localparam bit FILL_MERGE = 1'b0;
`else
  localparam bit FILL_MERGE = 1'b1;
`endif
`ifdef VGIW_FAULT_AMO_SPLIT
  // fault for showing that the atomics tests catch a read-modify-write that is not atomic: the
  // lookup stage goes on during the write cycle, so the next access can read the old word
  localparam bit AMO_HOLD = 1'b0;
`else
  localparam bit AMO_HOLD = 1'b1;
`endif
`ifdef VGIW_FAULT_MSHR_DATA_FULL
  // fault for showing that the full-queue test catches a data queue that overflows: a store
  // merges while its MSHR's write-data entries are all taken (it overwrites the oldest)
  localparam bit DATA_GUARD = 1'b0;
`else
  localparam bit DATA_GUARD = 1'b1;
`endif
`ifdef VGIW_FAULT_STORE_ACK_NOWRITE
  // fault for showing that the tests catch an early-answered store whose replay drops its
  // write (the response is sent at the queueing, the data never reaches the line)
  localparam bit RP_STORE_WRITE = 1'b0;
`else
  localparam bit RP_STORE_WRITE = 1'b1;
`endif
`ifdef VGIW_FAULT_STORE_ACK_TWICE
  // fault: the replay of an early-answered store answers it a second time
  localparam bit RP_STORE_RSP = 1'b1;
`else
  localparam bit RP_STORE_RSP = 1'b0;
`endif
`ifdef VGIW_FAULT_WV_FETCH_ON_WRITE
  // fault: full-word store misses fetch the line as without WRITE_VALIDATE
  localparam bit NOFETCH = 1'b0;
`else
  localparam bit NOFETCH = 1'b1;
`endif

  // ---- directory: line index = set * WAYS + way. The tags are a memory per way (LUT RAM:
  // one write, the lookup's read without a clock), not flops: a tag is written only when its
  // line is allocated and read only where valid_q says the line holds one, so it needs no reset
  // (docs/mem.md "cache_bank"). The state bits, cleared by reset and flush, stay in flops.
  logic [LINES-1:0]            valid_q, dirty_q;
  logic [LINES-1:0]            lock_q;   // held by an MSHR (refill or replay pending)
  logic [LINES-1:0][WAY_W-1:0] age_q;
  logic [LINES-1:0][WORDS-1:0] wv_q;     // word valid (WRITE_VALIDATE; all ones otherwise)

  // ---- data array (below): byte-masked write, synchronous read
  logic             ram_we, ram_re;
  logic [IDX_W-1:0] ram_widx, ram_ridx;
  logic [LB-1:0]    ram_wmask;
  logic [LBITS-1:0] ram_wline, ram_rdata_q;
  logic [31:0]      ram_wword;   // the word written, unless a refill writes the line

  // ---- stage 1: the accepted request
  logic            s1_valid_q;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [31:0]     s1_addr_q;    // byte offset and bank bits are not needed inside the bank
  /* verilator lint_on UNUSEDSIGNAL */
  logic            s1_write_q;
  logic [3:0]      s1_be_q;
  logic [31:0]     s1_wdata_q;
  logic [ID_W-1:0] s1_id_q;
  logic [3:0]      s1_amo_q;
  logic [31:0]     s1_cmp_q;

  // ---- the write cycle of an atomic (the cycle after its read)
  logic             amo_q;
  logic [3:0]       amo_op_q;
  logic [31:0]      amo_v_q, amo_c_q;
  logic [IDX_W-1:0] amo_idx_q;
  logic [WO_W-1:0]  amo_wo_q;

  // ---- stage 2: a response (s2_valid_q; a load's data in the read register) and, independent
  // of it, a victim capture (s2_cap_q, one cycle: a store that allocates over a dirty victim is
  // answered in the same stage-2 cycle the victim is copied)
  logic            s2_valid_q, s2_cap_q;
  logic [SLW-1:0]  s2_slot_q;
  logic [ID_W-1:0] s2_id_q;
  logic [WO_W-1:0] s2_wo_q;

  // ---- MSHRs, each with a target queue and a write-back buffer
  logic [MSHRS-1:0]            m_busy_q, m_rf_want_q, m_rf_wait_q, m_filled_q;
  logic [MSHRS-1:0]            m_nf_q;   // allocated without a fetch: only full-word stores merge
  logic [MSHRS-1:0][LN_W-1:0]  m_line_q;
  logic [MSHRS-1:0][IDX_W-1:0] m_idx_q;
  logic [MSHRS-1:0][TW-1:0]    m_head_q;
  logic [MSHRS-1:0][TCW-1:0]   m_cnt_q;
  // Narrow targets (docs/mem.md "Narrow targets"): a target holds what its response needs (ID,
  // word) and whether it takes write data; the write data (byte enables, atomic operation, word)
  // of its stores and atomics are a second, shorter queue per MSHR, in the same order, and a
  // CMPXCHG's comparand is one register per MSHR (one CMPXCHG queued at a time). A target costs
  // ID_W + WO_W + 1 flops instead of ID_W + WO_W + 73, so a preset can give an MSHR many
  // targets (a line's worth of loads) for few write-data entries.
  logic [MSHRS-1:0][TARGETS-1:0]             t_dat_q;   // a store or an atomic: pops data
  logic [MSHRS-1:0]                          m_cx_q;    // a CMPXCHG is queued: its comparand
  logic [MSHRS-1:0][31:0]                    m_cmp_q;
  logic [MSHRS-1:0][TARGETS-1:0][ID_W-1:0]   t_id_q;
  logic [MSHRS-1:0][TARGETS-1:0][WO_W-1:0]   t_wo_q;
  logic [MSHRS-1:0][DW-1:0]                  d_head_q;
  logic [MSHRS-1:0][DCW-1:0]                 d_cnt_q;
  logic [MSHRS-1:0][DATA-1:0][3:0]           d_be_q;
  logic [MSHRS-1:0][DATA-1:0][3:0]           d_amo_q;   // AMO_NONE: a store
  logic [MSHRS-1:0][DATA-1:0][31:0]          d_word_q;  // store data, atomic operand or comparand
  logic [MSHRS-1:0]            w_busy_q, w_want_q;
  logic [MSHRS-1:0][LN_W-1:0]  w_line_q;
  logic [MSHRS-1:0][LBITS-1:0] w_data_q;
  logic [MSHRS-1:0][WORDS-1:0] w_wv_q;   // valid words of the victim (WRITE_VALIDATE)
  logic [MSHRS-1:0]            w_rd_q;   // partial victim: read the line to merge, then write
  logic [MSHRS-1:0]            w_rdw_q;  // that read is in flight
  // Without WRITE_VALIDATE no victim is partial and the two stay zero. Where they are read it is
  // said again (WRITE_VALIDATE && ...): the synthesis cannot prove the flops constant itself, and
  // so kept the merge of partial victims in the L1's banks (docs/core.md "Toward an ECP5-85F").

  // ---- flush
  logic             flush_pend_q, fl_walk_q, fl_drain_q;
  logic [IDX_W-1:0] fl_idx_q;

  // ---- line port choice, held while the next level refuses it
  logic             lp_lock_q;
  logic [LID_W-1:0] lp_sel_q;

  // ---- stage-1 decomposition and lookup (combinational over the directory flops)
  logic [SET_W-1:0] s1_set;
  logic [TAG_W-1:0] s1_tag;
  logic [LN_W-1:0]  s1_line;
  logic [WO_W-1:0]  s1_wo;
  assign s1_set  = s1_addr_q[OFF_W+BANK_BITS +: SET_W];
  assign s1_tag  = s1_addr_q[31:TAG_LO];
  assign s1_line = {s1_tag, s1_set};
  if (WORDS > 1) begin : g_wo
    assign s1_wo = s1_addr_q[OFF_W-1:2];
  end else begin : g_wo1
    assign s1_wo = '0;
  end

  logic             hit, vict_found, mmatch, mfree, wb_hazard;
  logic [WAY_W-1:0] hit_way, vict_way;
  logic [WAY_W-1:0] vict_age;
  logic [SLW-1:0]   mmatch_i, mfree_i;
  // The tags of one set: s1's, or the flush walk's line's while stage 1 is empty. The walk runs
  // only with stage 1 empty (requests wait while flushing), and with stage 1 empty nothing uses
  // the lookup, so the walk reads its tag here instead of from all lines.
  logic [SET_W-1:0] lk_set;
  logic [WAYS-1:0][TAG_W-1:0] set_tag;
  assign lk_set = (fl_walk_q && !s1_valid_q) ? fl_idx_q[IDX_W-1:WAY_W] : s1_set;
  always_comb begin
    hit        = 1'b0;
    hit_way    = '0;
    vict_way   = '0;
    vict_age   = '0;
    vict_found = 1'b0;
    for (int w = 0; w < WAYS; w++) begin
      if (valid_q[s1_set * WAYS + w] && set_tag[w] == s1_tag) begin
        hit     = 1'b1;
        hit_way = WAY_W'(w);
      end
    end
    // an invalid way first, otherwise the least recently used way no MSHR holds
    for (int w = 0; w < WAYS; w++) begin
      if (!vict_found && !lock_q[s1_set * WAYS + w] && !valid_q[s1_set * WAYS + w]) begin
        vict_found = 1'b1;
        vict_way   = WAY_W'(w);
        vict_age   = WAY_W'(WAYS - 1);
      end
    end
    for (int w = 0; w < WAYS; w++) begin
      if (!lock_q[s1_set * WAYS + w] && valid_q[s1_set * WAYS + w] &&
          (!vict_found || age_q[s1_set * WAYS + w] > vict_age)) begin
        vict_found = 1'b1;
        vict_way   = WAY_W'(w);
        vict_age   = age_q[s1_set * WAYS + w];
      end
    end
    mmatch    = 1'b0;
    mmatch_i  = '0;
    mfree     = 1'b0;
    mfree_i   = '0;
    wb_hazard = 1'b0;
    for (int i = MSHRS - 1; i >= 0; i--) begin
      if (m_busy_q[i] && m_line_q[i] == s1_line) begin
        mmatch   = 1'b1;
        mmatch_i = SLW'(i);
      end
      if (!m_busy_q[i] && !w_busy_q[i]) begin
        mfree   = 1'b1;
        mfree_i = SLW'(i);
      end
      if (w_busy_q[i] && w_line_q[i] == s1_line) wb_hazard = 1'b1;
    end
  end

  logic [IDX_W-1:0] hit_idx, vict_idx;
  assign hit_idx  = {s1_set, hit_way};   // WAYS and SETS are powers of two
  assign vict_idx = {s1_set, vict_way};
  // the victim's tag from the set's tags the lookup reads anyway (not a second read of all lines)
  logic [TAG_W-1:0] vict_tag;
  logic [WORDS-1:0] vict_wv;
  assign vict_tag = set_tag[vict_way];
  assign vict_wv  = wv_q[vict_idx];

  // write-validate: a full-word store needs no word of the line; anything else needs its word
  logic s1_full, s1_wvalid, s1_hit_ok;
  assign s1_full   = s1_write_q && s1_be_q == 4'hF;
  assign s1_wvalid = !WRITE_VALIDATE || wv_q[hit_idx][s1_wo];
  assign s1_hit_ok = s1_wvalid || s1_full;

  // write-data entries the request in stage 1 takes: a store or an atomic one, a load none; a
  // CMPXCHG also takes its MSHR's comparand register
  logic [DCW-1:0] s1_dn;
  logic s1_cx;
  assign s1_cx = s1_amo_q == 4'(vgiw_fu_pkg::AMO_CMPXCHG);
  assign s1_dn = (s1_write_q || s1_amo_q != 4'(vgiw_fu_pkg::AMO_NONE)) ? DCW'(1) : DCW'(0);

  // ---- replay: the oldest target of a filled MSHR (lowest index first)
  logic           rp_valid;
  logic [SLW-1:0] rp_i;
  always_comb begin
    rp_valid = 1'b0;
    rp_i     = '0;
    for (int i = MSHRS - 1; i >= 0; i--) begin
      if (m_busy_q[i] && m_filled_q[i] && m_cnt_q[i] != '0) begin
        rp_valid = 1'b1;
        rp_i     = SLW'(i);
      end
    end
  end
  logic             rp_write, rp_dat;
  logic [3:0]       rp_be;
  logic [31:0]      rp_wdata;
  logic [ID_W-1:0]  rp_id;
  logic [WO_W-1:0]  rp_wo;
  logic [IDX_W-1:0] rp_idx;
  logic [3:0]       rp_amo;
  logic [31:0]      rp_cmp;
  logic [DW-1:0]    rp_dh;
  logic [DCW-1:0]   rp_dn;     // data entries the replayed target pops
  assign rp_dat   = t_dat_q[rp_i][m_head_q[rp_i]];
  assign rp_dh    = d_head_q[rp_i];
  assign rp_amo   = rp_dat ? d_amo_q[rp_i][rp_dh] : 4'(vgiw_fu_pkg::AMO_NONE);
  assign rp_cmp   = m_cmp_q[rp_i];
  assign rp_write = rp_dat && d_amo_q[rp_i][rp_dh] == 4'(vgiw_fu_pkg::AMO_NONE);
  assign rp_be    = d_be_q[rp_i][rp_dh];
  assign rp_wdata = d_word_q[rp_i][rp_dh];
  assign rp_dn    = DCW'(rp_dat);
  assign rp_id    = t_id_q[rp_i][m_head_q[rp_i]];
  assign rp_wo    = t_wo_q[rp_i][m_head_q[rp_i]];
  assign rp_idx   = m_idx_q[rp_i];
  logic rp_last;   // the replay performs the last target: the MSHR and its line are released
  assign rp_last  = m_cnt_q[rp_i] == TCW'(1);

  // ---- line responses: a refill writes the data array (which has one write port), an
  // acknowledgement frees a write-back buffer
  logic           fill, wb_ack, wb_rd;
  logic [SLW-1:0] rsp_slot;
  assign rsp_slot = mem_rsp_lid_i[SLW-1:0];
  assign fill     = mem_rsp_valid_i && !mem_rsp_lid_i[SLW];
  logic [IDX_W-1:0] fill_idx;
  assign fill_idx = m_idx_q[rsp_slot];
  assign wb_rd    = WRITE_VALIDATE && mem_rsp_valid_i && mem_rsp_lid_i[SLW] && w_rdw_q[rsp_slot];
  assign wb_ack   = mem_rsp_valid_i && mem_rsp_lid_i[SLW] && !(WRITE_VALIDATE && w_rdw_q[rsp_slot]);
  // a refill writes only the words not written since the line was allocated
  logic [LB-1:0] fill_mask;
  always_comb begin
    fill_mask = '1;
    if (WRITE_VALIDATE && FILL_MERGE) begin
      for (int w = 0; w < WORDS; w++) begin
        if (wv_q[m_idx_q[rsp_slot]][w]) fill_mask[4 * w +: 4] = 4'h0;
      end
    end
  end

  // ---- the lookup stage: one operation per cycle (a replay first, then stage 1)
  logic s2_free, flushing, idle;
  assign s2_free  = !s2_valid_q || rsp_ready_i;
  assign flushing = fl_walk_q || fl_drain_q;

  logic do_replay, s1_go, do_hit, do_merge, do_alloc, do_part, res_stall;
  logic vict_wb, alloc_nf;
  assign vict_wb  = VICTIM_WB && valid_q[vict_idx] && dirty_q[vict_idx];
  // write-validate: a full-word store miss allocates without a fetch (its MSHR is filled at once
  // and replays the store)
  assign alloc_nf = WRITE_VALIDATE && NOFETCH && s1_full;
  logic amo_hold;
  assign amo_hold = AMO_HOLD && amo_q;
  // a plain store queued in an MSHR was answered when queued (s1_ack): its replay only writes
  logic rp_rsp, s1_ack;
  assign rp_rsp = !rp_write || RP_STORE_RSP;
  always_comb begin
    do_replay = rp_valid && (s2_free || !rp_rsp) && !(fill && rp_write) && !amo_hold;
    do_hit    = 1'b0;
    do_merge  = 1'b0;
    do_alloc  = 1'b0;
    do_part   = 1'b0;
    res_stall = 1'b0;
    if (s1_valid_q && !rp_valid && s2_free && !amo_hold) begin
      if (mmatch) begin
        // a line being fetched (or replayed): join its queue, after the requests already there;
        // a line allocated without a fetch takes only full-word stores (it has no data to
        // read): others wait until its queue drains, then read it as a partial line
        if (m_cnt_q[mmatch_i] != TCW'(TARGETS) && (!m_nf_q[mmatch_i] || s1_full) &&
            (!DATA_GUARD || s1_dn == '0 || d_cnt_q[mmatch_i] != DCW'(DATA)) &&
            !(s1_cx && m_cx_q[mmatch_i])) do_merge = 1'b1;
        else res_stall = 1'b1;
      end else if (hit && s1_hit_ok) begin
        do_hit = !(fill && s1_write_q);
      end else if (hit) begin
        // write-validate: an invalid word of a present line: read the line, merge it under the
        // words already written (the way is kept: no victim)
        if (mfree) do_part = 1'b1;
        else res_stall = 1'b1;
      end else if (mfree && vict_found && !wb_hazard) begin
        do_alloc = 1'b1;
      end else begin
        res_stall = 1'b1;
      end
    end
  end
  assign s1_go       = do_hit || do_merge || do_alloc || do_part;
  // a plain store taken into an MSHR is answered now, from stage 2 as a hit would be (stage 1
  // only goes on with stage 2 free, so the response has its slot: nothing waits, nothing is
  // dropped); atomics (s1_write_q is 0 for them) and loads wait for their replay
  assign s1_ack      = s1_write_q && (do_merge || do_alloc || do_part);
  assign req_ready_o = !flush_pend_q && !flushing && (!s1_valid_q || s1_go);

  // flush walk: a dirty line takes a free write-back buffer through stage 2
  logic           fl_dirty, fl_wfree, fl_cap, fl_step;
  logic [SLW-1:0] fl_wslot;
  assign fl_dirty = FLUSH_WB && valid_q[fl_idx_q] && dirty_q[fl_idx_q];
  always_comb begin
    fl_wfree = 1'b0;
    fl_wslot = '0;
    for (int i = MSHRS - 1; i >= 0; i--) begin
      if (!w_busy_q[i]) begin
        fl_wfree = 1'b1;
        fl_wslot = SLW'(i);
      end
    end
  end
  assign fl_cap  = fl_walk_q && fl_dirty && fl_wfree;
  assign fl_step = fl_walk_q && (!fl_dirty || fl_wfree);
  assign idle    = !s1_valid_q && !s2_valid_q && !s2_cap_q && m_busy_q == '0 && !amo_q;

  // ---- the atomic's new word, from the old one in the read register
  logic [31:0] amo_old, amo_new;
  logic        amo_we;
  assign amo_old = ram_rdata_q[32 * amo_wo_q +: 32];
  assign amo_we  = amo_q && !fill;   // a refill has the write port; the write waits a cycle
  // one adder for the sum, the difference and the four comparisons: old - v = old + ~v + 1,
  // whose carry out is old >= v unsigned; signed, the sign bits decide when they differ.
  // A maximum takes v when old < v and old otherwise: when the two are equal that is the same
  // word as "old when old > v".
  logic        amo_sub, amo_lt_u, amo_lt_s;
  logic [32:0] amo_sum;
  assign amo_sub  = amo_op_q != vgiw_fu_pkg::AMO_ADD;
  assign amo_sum  = {1'b0, amo_old} + {1'b0, amo_sub ? ~amo_v_q : amo_v_q} + 33'(amo_sub);
  assign amo_lt_u = !amo_sum[32];
  assign amo_lt_s = (amo_old[31] != amo_v_q[31]) ? amo_old[31] : amo_lt_u;
  always_comb begin
    unique case (amo_op_q)
      vgiw_fu_pkg::AMO_ADD:     amo_new = amo_sum[31:0];
      vgiw_fu_pkg::AMO_SUB:     amo_new = amo_sum[31:0];
      vgiw_fu_pkg::AMO_XCHG:    amo_new = amo_v_q;
      vgiw_fu_pkg::AMO_MIN:     amo_new = amo_lt_s ? amo_old : amo_v_q;
      vgiw_fu_pkg::AMO_MAX:     amo_new = amo_lt_s ? amo_v_q : amo_old;
      vgiw_fu_pkg::AMO_MINU:    amo_new = amo_lt_u ? amo_old : amo_v_q;
      vgiw_fu_pkg::AMO_MAXU:    amo_new = amo_lt_u ? amo_v_q : amo_old;
      vgiw_fu_pkg::AMO_AND:     amo_new = amo_old & amo_v_q;
      vgiw_fu_pkg::AMO_OR:      amo_new = amo_old | amo_v_q;
      vgiw_fu_pkg::AMO_XOR:     amo_new = amo_old ^ amo_v_q;
      vgiw_fu_pkg::AMO_CMPXCHG: amo_new = (amo_old == amo_c_q) ? amo_v_q : amo_old;
      default:             amo_new = amo_old;
    endcase
  end

  // ---- data array port use
  logic [SET_W-1:0] touch_set;
  logic [WAY_W-1:0] touch_way, touch_age;
  assign touch_age = age_q[{touch_set, touch_way}];
  logic             touch;
  always_comb begin
    ram_we    = 1'b0;
    ram_re    = 1'b0;
    ram_widx  = hit_idx;
    ram_ridx  = hit_idx;
    ram_wmask = '0;
    ram_wword = s1_wdata_q;
    touch     = 1'b0;
    touch_set = s1_set;
    touch_way = hit_way;
    if (fill) begin
      ram_we    = 1'b1;
      ram_widx  = m_idx_q[rsp_slot];
      ram_wmask = fill_mask;
    end
    if (do_replay) begin
      touch     = 1'b1;
      touch_set = rp_idx[IDX_W-1:WAY_W];
      touch_way = rp_idx[WAY_W-1:0];
      if (rp_write) begin
        ram_we    = RP_STORE_WRITE;
        ram_widx  = rp_idx;
        ram_wmask = LB'(rp_be) << (4 * rp_wo);
        ram_wword = rp_wdata;
      end else begin
        ram_re   = 1'b1;
        ram_ridx = rp_idx;
      end
    end else if (do_hit) begin
      touch = 1'b1;
      if (s1_write_q) begin
        ram_we    = 1'b1;
        ram_wmask = LB'(s1_be_q) << (4 * s1_wo);
      end else begin
        ram_re = 1'b1;
      end
    end else if (do_alloc) begin
      touch     = 1'b1;
      touch_way = vict_way;
      if (vict_wb) begin
        ram_re   = 1'b1;
        ram_ridx = vict_idx;
      end
    end else if (fl_cap) begin
      ram_re   = 1'b1;
      ram_ridx = fl_idx_q;
    end
    if (amo_we) begin
      ram_we    = 1'b1;
      ram_widx  = amo_idx_q;
      ram_wmask = LB'(4'hF) << (4 * amo_wo_q);
      ram_wword = amo_new;
    end
  end
  // A refill is the only whole-line write; it never meets a replayed store or an atomic's
  // write (do_replay and amo_we exclude it), so the line is chosen after the word: one 2:1
  // multiplexer per bit instead of four sources per bit.
  assign ram_wline = fill ? mem_rsp_rdata_i : {WORDS{ram_wword}};

  // ---- line port: refills first (they are what requests wait for), then write-backs
  logic             lp_valid;
  logic [LID_W-1:0] lp_sel;
  always_comb begin
    lp_valid = 1'b0;
    lp_sel   = lp_sel_q;
    if (lp_lock_q) begin
      lp_valid = 1'b1;
    end else begin
      for (int i = MSHRS - 1; i >= 0; i--) begin
        if (w_want_q[i]) begin
          lp_valid = 1'b1;
          lp_sel   = {1'b1, SLW'(i)};
        end
      end
      for (int i = MSHRS - 1; i >= 0; i--) begin
        if (m_rf_want_q[i]) begin
          lp_valid = 1'b1;
          lp_sel   = {1'b0, SLW'(i)};
        end
      end
    end
  end
  logic           lp_wb, lp_take;
  logic [SLW-1:0] lp_slot;
  assign lp_wb           = lp_sel[SLW];
  assign lp_slot         = lp_sel[SLW-1:0];
  assign lp_take         = lp_valid && mem_req_ready_i;
  assign mem_req_valid_o = lp_valid;
  assign mem_req_write_o = lp_wb && !(WRITE_VALIDATE && w_rd_q[lp_slot]);   // a partial victim is read first
  assign mem_req_lid_o   = lp_sel;
  assign mem_req_addr_o  = {(lp_wb ? w_line_q[lp_slot] : m_line_q[lp_slot]), (BANK_BITS + OFF_W)'(0)};
  assign mem_req_wdata_o = w_data_q[lp_slot];

  // ---- outputs
  assign rsp_valid_o  = s2_valid_q;
  assign rsp_id_o     = s2_id_q;
  assign rsp_rdata_o  = ram_rdata_q[32 * s2_wo_q +: 32];
  assign busy_o       = s1_valid_q || s2_valid_q || s2_cap_q || amo_q || (m_busy_q != '0) || (w_busy_q != '0) ||
                        flush_pend_q || flushing;
  assign flush_done_o = fl_drain_q && w_busy_q == '0 && !s2_valid_q && !s2_cap_q;

  assign ev_access_o     = req_valid_i && req_ready_o;
  assign ev_hit_o        = do_hit;
  assign ev_miss_o       = do_merge || do_alloc || do_part;
  assign ev_mshr_stall_o = res_stall;
  assign ev_refill_o     = lp_take && (!lp_wb || (WRITE_VALIDATE && w_rd_q[lp_slot]));
  assign ev_writeback_o  = lp_take && lp_wb && !(WRITE_VALIDATE && w_rd_q[lp_slot]);
  always_comb begin
    ev_miss_wait_o = '0;
    for (int i = 0; i < MSHRS; i++) ev_miss_wait_o = ev_miss_wait_o + {{(MCW - 1){1'b0}}, m_rf_want_q[i] | m_rf_wait_q[i]};
  end

  // tag memories (above): way w's tag of set s at entry s; written at allocation (vict_idx)
  for (genvar w = 0; w < WAYS; w++) begin : g_tag_way
    logic [TAG_W-1:0] tag_mem [SETS];
    always_ff @(posedge clk_i) begin
      if (do_alloc && vict_way == WAY_W'(w)) tag_mem[s1_set] <= s1_tag;
    end
    assign set_tag[w] = tag_mem[lk_set];
  end

  // data array: one byte-wide memory per byte lane (per-byte write enables map onto RAM
  // blocks without read-modify-write); the read register holds until the next read
  for (genvar b = 0; b < LB; b++) begin : g_lane
    logic [7:0] lane_mem [LINES];
    logic [7:0] lane_rdata_q;
    always_ff @(posedge clk_i) begin
      if (ram_we && ram_wmask[b]) lane_mem[ram_widx] <= ram_wline[8 * b +: 8];
      if (ram_re) lane_rdata_q <= lane_mem[ram_ridx];
    end
    assign ram_rdata_q[8 * b +: 8] = lane_rdata_q;
  end

  // target queue position of a merge
  logic [TW-1:0] merge_pos;
  logic [DW-1:0] merge_dpos;
  assign merge_pos  = m_head_q[mmatch_i] + TW'(m_cnt_q[mmatch_i]);
  assign merge_dpos = d_head_q[mmatch_i] + DW'(d_cnt_q[mmatch_i]);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      s1_valid_q   <= 1'b0;
      s1_addr_q    <= '0;
      s1_write_q   <= 1'b0;
      s1_be_q      <= '0;
      s1_wdata_q   <= '0;
      s1_id_q      <= '0;
      s1_amo_q     <= '0;
      s1_cmp_q     <= '0;
      amo_q        <= 1'b0;
      amo_op_q     <= '0;
      amo_v_q      <= '0;
      amo_c_q      <= '0;
      amo_idx_q    <= '0;
      amo_wo_q     <= '0;
      s2_valid_q   <= 1'b0;
      s2_cap_q     <= 1'b0;
      s2_slot_q    <= '0;
      s2_id_q      <= '0;
      s2_wo_q      <= '0;
      m_busy_q     <= '0;
      m_rf_want_q  <= '0;
      m_rf_wait_q  <= '0;
      m_filled_q   <= '0;
      m_nf_q       <= '0;
      m_line_q     <= '0;
      m_idx_q      <= '0;
      m_head_q     <= '0;
      m_cnt_q      <= '0;
      t_dat_q      <= '0;
      m_cx_q       <= '0;
      m_cmp_q      <= '0;
      t_id_q       <= '0;
      t_wo_q       <= '0;
      d_head_q     <= '0;
      d_cnt_q      <= '0;
      d_be_q       <= '0;
      d_amo_q      <= '0;
      d_word_q     <= '0;
      w_busy_q     <= '0;
      w_want_q     <= '0;
      w_line_q     <= '0;
      w_data_q     <= '0;
      w_wv_q       <= '0;
      w_rd_q       <= '0;
      w_rdw_q      <= '0;
      flush_pend_q <= 1'b0;
      fl_walk_q    <= 1'b0;
      fl_drain_q   <= 1'b0;
      fl_idx_q     <= '0;
      lp_lock_q    <= 1'b0;
      lp_sel_q     <= '0;
      valid_q      <= '0;
      dirty_q      <= '0;
      lock_q       <= '0;
      wv_q         <= '1;
      for (int i = 0; i < LINES; i++) age_q[i] <= WAY_W'(i % WAYS);
    end else begin
      // stage 1
      if (req_valid_i && req_ready_o) begin
        s1_valid_q <= 1'b1;
        s1_addr_q  <= req_addr_i;
        s1_write_q <= req_write_i;
        s1_be_q    <= req_be_i;
        s1_wdata_q <= req_wdata_i;
        s1_id_q    <= req_id_i;
        s1_amo_q   <= req_amo_i;
        s1_cmp_q   <= req_cmp_i;
      end else if (s1_go) begin
        s1_valid_q <= 1'b0;
      end

      // stage 2: a response, and (independently, for one cycle) a victim capture
      if (s2_free) s2_valid_q <= 1'b0;
      s2_cap_q <= 1'b0;
      if (do_replay) begin
        if (rp_rsp) begin
          s2_valid_q <= 1'b1;
          s2_id_q    <= rp_id;
          s2_wo_q    <= rp_wo;
        end
      end else if (do_hit || s1_ack) begin
        s2_valid_q <= 1'b1;
        s2_id_q    <= s1_id_q;
        s2_wo_q    <= s1_wo;
      end
      if (do_alloc && vict_wb) begin
        s2_cap_q   <= 1'b1;
        s2_slot_q  <= mfree_i;
      end else if (fl_cap) begin
        s2_cap_q   <= 1'b1;
        s2_slot_q  <= fl_wslot;
      end
      for (int i = 0; i < MSHRS; i++) begin
        if (s2_cap_q && s2_slot_q == SLW'(i)) begin
          w_data_q[i] <= ram_rdata_q;
          w_want_q[i] <= 1'b1;
        end
      end

      // atomics: the read is done now (a hit or a replay), the write in the next cycle
      if (amo_we) begin
        amo_q <= 1'b0;
        for (int l = 0; l < LINES; l++) if (amo_idx_q == IDX_W'(l)) dirty_q[l] <= 1'b1;
      end
      if (do_replay && rp_amo != '0) begin
        amo_q     <= 1'b1;
        amo_op_q  <= rp_amo;
        amo_v_q   <= rp_wdata;
        amo_c_q   <= rp_cmp;
        amo_idx_q <= rp_idx;
        amo_wo_q  <= rp_wo;
      end else if (do_hit && s1_amo_q != '0) begin
        amo_q     <= 1'b1;
        amo_op_q  <= s1_amo_q;
        amo_v_q   <= s1_wdata_q;
        amo_c_q   <= s1_cmp_q;
        amo_idx_q <= hit_idx;
        amo_wo_q  <= s1_wo;
      end

      // LRU
      for (int l = 0; l < LINES; l++) begin
        if (touch && touch_set == SET_W'(l / WAYS)) begin
          if (WAY_W'(l % WAYS) == touch_way) age_q[l] <= '0;
          else if (age_q[l] < touch_age) age_q[l] <= age_q[l] + 1'b1;
        end
      end

      // hits, replays
      // the word-valid bits by a decoded condition per line and word: a write at the computed
      // word index (wv_q[l][s1_wo]) became a shift of a mask over all LINES x WORDS bits per
      // line, 2048-bit shifts that the synthesis of paper's LVC bank could not finish (issue 22)
      for (int l = 0; l < LINES; l++) begin
        if (hit_idx == IDX_W'(l)) begin
          if (do_hit && s1_write_q) dirty_q[l] <= 1'b1;
          for (int w = 0; w < WORDS; w++)
            if (WRITE_VALIDATE && do_hit && s1_full && s1_wo == WO_W'(w)) wv_q[l][w] <= 1'b1;
        end
      end
      if (do_replay) begin
        for (int l = 0; l < LINES; l++) begin
          if (rp_idx == IDX_W'(l)) begin
            if (rp_write) dirty_q[l] <= 1'b1;
            for (int w = 0; w < WORDS; w++)
              if (WRITE_VALIDATE && rp_write && rp_be == 4'hF && rp_wo == WO_W'(w)) wv_q[l][w] <= 1'b1;
          end
        end
        for (int i = 0; i < MSHRS; i++) begin
          if (rp_i == SLW'(i)) begin
            m_head_q[i] <= m_head_q[i] + 1'b1;
            m_cnt_q[i]  <= m_cnt_q[i] - 1'b1;
            d_head_q[i] <= d_head_q[i] + DW'(rp_dn);
            d_cnt_q[i]  <= d_cnt_q[i] - rp_dn;
            if (rp_amo == 4'(vgiw_fu_pkg::AMO_CMPXCHG)) m_cx_q[i] <= 1'b0;
            if (m_cnt_q[i] == TCW'(1)) begin
              m_busy_q[i]   <= 1'b0;
              m_filled_q[i] <= 1'b0;
              m_nf_q[i]     <= 1'b0;
            end
          end
        end
        for (int l = 0; l < LINES; l++) if (rp_last && rp_idx == IDX_W'(l)) lock_q[l] <= 1'b0;
      end

      // merge into an MSHR
      for (int i = 0; i < MSHRS; i++) begin
        if (do_merge && mmatch_i == SLW'(i)) begin
          m_cnt_q[i] <= m_cnt_q[i] + 1'b1;
          d_cnt_q[i] <= d_cnt_q[i] + s1_dn;
          if (s1_cx) begin
            m_cx_q[i]  <= 1'b1;
            m_cmp_q[i] <= s1_cmp_q;
          end
          for (int t = 0; t < TARGETS; t++) begin
            if (merge_pos == TW'(t)) begin
              t_dat_q[i][t] <= s1_dn != '0;
              t_id_q[i][t]  <= s1_id_q;
              t_wo_q[i][t]  <= s1_wo;
            end
          end
          for (int d = 0; d < DATA; d++) begin
            if (s1_dn != '0 && merge_dpos == DW'(d)) begin
              d_be_q[i][d]   <= s1_be_q;
              d_amo_q[i][d]  <= s1_amo_q;
              d_word_q[i][d] <= s1_wdata_q;
            end
          end
        end
      end

      // allocate an MSHR: the victim way is held until every target is performed
      for (int i = 0; i < MSHRS; i++) begin
        if ((do_alloc || do_part) && mfree_i == SLW'(i)) begin
          m_busy_q[i]    <= 1'b1;
          m_rf_want_q[i] <= !(do_alloc && alloc_nf);
          m_filled_q[i]  <= do_alloc && alloc_nf;
          m_nf_q[i]      <= do_alloc && alloc_nf;
          m_line_q[i]    <= s1_line;
          m_idx_q[i]     <= do_part ? hit_idx : vict_idx;
          m_head_q[i]    <= '0;
          m_cnt_q[i]     <= TCW'(1);
          t_dat_q[i][0]   <= s1_dn != '0;
          m_cx_q[i]       <= s1_cx;
          m_cmp_q[i]      <= s1_cmp_q;
          t_id_q[i][0]    <= s1_id_q;
          t_wo_q[i][0]    <= s1_wo;
          d_head_q[i]     <= '0;
          d_cnt_q[i]      <= s1_dn;
          d_be_q[i][0]    <= s1_be_q;
          d_amo_q[i][0]   <= s1_amo_q;
          d_word_q[i][0]  <= s1_wdata_q;
        end
        if (do_alloc && vict_wb && mfree_i == SLW'(i)) begin
          w_busy_q[i] <= 1'b1;
          w_line_q[i] <= {vict_tag, s1_set};
          w_wv_q[i]   <= vict_wv;
          w_rd_q[i]   <= WRITE_VALIDATE && vict_wv != '1;
        end
      end
      for (int l = 0; l < LINES; l++) begin
        if (do_part && hit_idx == IDX_W'(l)) lock_q[l] <= 1'b1;
        if (do_alloc && vict_idx == IDX_W'(l)) begin
          // a line allocated without a fetch is present at once, with no valid word
          valid_q[l] <= alloc_nf;
          dirty_q[l] <= 1'b0;
          lock_q[l]  <= 1'b1;
          if (WRITE_VALIDATE) wv_q[l] <= '0;
        end
      end

      // line port
      if (lp_valid && !mem_req_ready_i) begin
        lp_lock_q <= 1'b1;
        lp_sel_q  <= lp_sel;
      end else begin
        lp_lock_q <= 1'b0;
      end
      for (int i = 0; i < MSHRS; i++) begin
        if (lp_take && lp_slot == SLW'(i)) begin
          if (lp_wb) begin
            w_want_q[i] <= 1'b0;
            if (WRITE_VALIDATE && w_rd_q[i]) w_rdw_q[i] <= 1'b1;
          end else begin
            m_rf_want_q[i] <= 1'b0;
            m_rf_wait_q[i] <= 1'b1;
          end
        end
        if (fill && rsp_slot == SLW'(i)) begin
          m_rf_wait_q[i] <= 1'b0;
          m_filled_q[i]  <= 1'b1;
        end
      end
      for (int l = 0; l < LINES; l++) begin
        if (fill && fill_idx == IDX_W'(l)) begin
          valid_q[l] <= 1'b1;
          if (WRITE_VALIDATE) wv_q[l] <= '1;
        end
      end
      for (int i = 0; i < MSHRS; i++) begin
        if (rsp_slot == SLW'(i)) begin
          if (wb_ack) w_busy_q[i] <= 1'b0;
          // a partial victim's line arrived: keep the words written, then write the line
          if (wb_rd) begin
            for (int w = 0; w < WORDS; w++) begin
              if (!w_wv_q[i][w]) w_data_q[i][32 * w +: 32] <= mem_rsp_rdata_i[32 * w +: 32];
            end
            w_rdw_q[i]  <= 1'b0;
            w_rd_q[i]   <= 1'b0;
            w_want_q[i] <= 1'b1;
          end
        end
      end

      // flush: wait for the bank to go idle, walk every line, wait for the write-backs
      if (flush_i) flush_pend_q <= 1'b1;
      if (flush_pend_q && !flushing && idle) begin
        flush_pend_q <= flush_i;
        fl_walk_q    <= 1'b1;
        fl_idx_q     <= '0;
      end
      for (int i = 0; i < MSHRS; i++) begin
        if (fl_cap && fl_wslot == SLW'(i)) begin
          w_busy_q[i] <= 1'b1;
          w_line_q[i] <= {set_tag[fl_idx_q[WAY_W-1:0]], fl_idx_q[IDX_W-1:WAY_W]};
          w_wv_q[i]   <= wv_q[fl_idx_q];
          w_rd_q[i]   <= WRITE_VALIDATE && wv_q[fl_idx_q] != '1;
        end
      end
      for (int l = 0; l < LINES; l++) if (fl_cap && fl_idx_q == IDX_W'(l)) dirty_q[l] <= 1'b0;
      if (fl_step) begin
        fl_idx_q <= fl_idx_q + 1'b1;
        if (fl_idx_q == IDX_W'(LINES - 1)) begin
          fl_walk_q  <= 1'b0;
          fl_drain_q <= 1'b1;
        end
      end
      if (flush_done_o) begin
        fl_drain_q <= 1'b0;
        valid_q    <= '0;
        dirty_q    <= '0;
        for (int i = 0; i < LINES; i++) age_q[i] <= WAY_W'(i % WAYS);
      end
    end
  end

`ifndef SYNTHESIS
  // A line response must answer a request in flight.
  always_ff @(posedge clk_i) begin
    if (rst_ni && fill) begin
      assert (m_rf_wait_q[rsp_slot]) else $error("%m: refill with nothing in flight");
    end
    // the flush walk reads its tags through the lookup (lk_set): stage 1 is empty while it runs
    if (rst_ni && fl_walk_q) begin
      assert (!s1_valid_q) else $error("%m: a request in stage 1 during the flush walk");
    end
    if (rst_ni && wb_ack) begin
      assert (w_busy_q[rsp_slot] && !w_want_q[rsp_slot] && !w_rd_q[rsp_slot])
        else $error("%m: write-back acknowledgement with nothing in flight");
    end
  end
`endif
endmodule
