// Configuration cache of the basic block scheduler (docs/ctrl.md "Configuration cache";
// VGIW §3.2: reconfiguration is hidden by fetching the next block's configuration while the
// current one runs). ENTRIES whole configurations in shift order, each tagged with its block
// ID. One entry at a time is filled from the control port (the BBS's single reader), a line of
// words per cycle; the BBS shifts rows out of the entry holding the block it reconfigures to,
// as soon as each row is complete, so a block that is still arriving costs only the memory
// time. Entries stay valid for the rest of the kernel: the blocks of a loop are fetched once
// per launch, and every trip after the first reconfigures from chip. At kernel start
// (inval_i) every entry loses its block ID; a complete entry fetched with a non-zero host key
// is *kept* with its memory address and key, and is given back to the block of a later launch
// whose block table names the same address and key (match_i, while the table loads): the
// host's promise that those words are unchanged (docs/ctrl.md "Keeping configurations across
// launches"). drop_i forgets every kept entry (the descriptor asks, a write reached the
// configurations' address span, or a kernel ended in an error). Replacement: an invalid
// entry, else the least recently used one that is neither being filled nor one of the two
// blocks the BBS keeps (the block being shifted in and the block that runs); an entry of
// this kernel is always more recent than one only kept from an earlier launch.
//
// Storage: word i of entry e is in bank i mod WPL, row e*ROWS + i/WPL, each bank a memory with
// one write port and reads without a clock (LUT RAM). A line's words land in distinct banks
// (rotated by the fill level) and are written in one cycle. The fabric takes K =
// FABRIC_CFG_SHIFT_WORDS rows per shift (docs/fabric.md "Configuration"): shift step g sends
// rows g*K - PAD .. g*K - PAD + K-1, PAD = STEPS*K - MAXW zero rows first (they fall off the
// chains), so the K*CH words of a step are consecutive and come from distinct banks
// (K*CH <= WPL).
module vgiw_bbs_cfg_cache #(
  parameter  int unsigned NPROBE = 3,                             // prefetch candidates probed
  localparam int unsigned N      = vgiw_cfg_pkg::BBS_CFG_ENTRIES,
  localparam int unsigned CH     = vgiw_cfg_pkg::CFG_CHAINS,
  localparam int unsigned MAXW   = vgiw_cfg_pkg::CFG_CHAIN_WORDS,
  localparam int unsigned K      = vgiw_cfg_pkg::FABRIC_CFG_SHIFT_WORDS,
  localparam int unsigned STEPS  = (MAXW + K - 1) / K,            // shift cycles
  localparam int unsigned PAD    = STEPS * K - MAXW,
  localparam int unsigned MAXB   = vgiw_cfg_pkg::BBS_MAX_BLOCKS,
  localparam int unsigned BW     = (MAXB > 1) ? $clog2(MAXB) : 1,
  localparam int unsigned CFG_WORDS = MAXW * CH,
  localparam int unsigned CWW    = $clog2(CFG_WORDS + 1),
  localparam int unsigned RWW    = (STEPS > 1) ? $clog2(STEPS + 1) : 1,
  localparam int unsigned WPL    = vgiw_cfg_pkg::L1_LINE_BYTES / 4,
  localparam int unsigned FCW    = $clog2(WPL + 1),
  localparam int unsigned LW     = (WPL > 1) ? $clog2(WPL) : 1,
  localparam int unsigned ROWS   = (CFG_WORDS + WPL - 1) / WPL,   // bank rows per entry
  localparam int unsigned AW     = (N * ROWS > 1) ? $clog2(N * ROWS) : 1,
  localparam int unsigned EW     = (N > 1) ? $clog2(N) : 1
) (
  input  logic                     clk_i,
  input  logic                     rst_ni,
  input  logic                     inval_i,          // kernel start: no entry has a block
  input  logic                     drop_i,           // forget every kept configuration
  // block table entry loaded: give block match_block_i a kept entry of the same address and key
  input  logic                     match_i,
  input  logic [BW-1:0]            match_block_i,
  input  logic [31:0]              match_addr_i,
  input  logic [31:0]              match_key_i,
  output logic                     match_hit_o,      // a kept entry was given to the block
  // a line written to memory (the core's memory port): kept configurations it may overlap go
  input  logic                     wr_i,
  input  logic [31:0]              wr_addr_i,        // line address
  output logic                     wr_hit_o,         // the line overlaps the kept span
  // blocks that must not be evicted by a fill that starts now
  input  logic [1:0][BW-1:0]       keep_i,
  // prefetch candidates: is each one on chip (complete or being filled)?
  input  logic [NPROBE-1:0][BW-1:0] probe_i,
  output logic [NPROBE-1:0]        probe_hit_o,
  // fill from the control port: start allocates an entry for block fill_block_i, then words
  // arrive in order, fill_cnt_i of them per cycle (fill_line_i[fill_off_i ..], which the
  // fetch keeps inside the line: fill_off_i + fill_cnt_i <= WPL)
  input  logic                     fill_start_i,
  input  logic [BW-1:0]            fill_block_i,
  input  logic [31:0]              fill_addr_i,      // its memory address and host key
  input  logic [31:0]              fill_key_i,
  input  logic                     fill_wr_i,
  input  logic [FCW-1:0]           fill_cnt_i,
  input  logic [WPL-1:0][31:0]     fill_line_i,
  input  logic [LW-1:0]            fill_off_i,
  output logic [CWW-1:0]           fill_words_o,     // words filled so far (order check)
  // shift port: the block reconfigured to and the shift step to send next
  input  logic [BW-1:0]            sh_block_i,
  input  logic                     sh_touch_i,       // a reconfiguration to sh_block_i starts (LRU)
  input  logic [RWW-1:0]           sh_row_i,         // shift step (K rows)
  output logic                     sh_hit_o,         // the block has an entry
  output logic                     sh_full_o,        // ... and it is complete
  output logic                     sh_row_ready_o,   // the rows of step sh_row_i are complete
  output logic [K-1:0][CH-1:0][31:0] sh_words_o
);
  logic [N-1:0]         vld_q;                     // holds block tag_q of this kernel
  logic [N-1:0][BW-1:0] tag_q;
  logic [N-1:0]         kept_q;                    // complete, fetched with non-zero key key_q
  logic [N-1:0][31:0]   addr_q, key_q;
  logic [31:0]          span_lo_q, span_hi_q;      // address span of every entry fetched since the last drop
  logic [N-1:0][CWW-1:0] filled_q;                 // words present, in shift order
  logic [N-1:0][31:0]   stamp_q;                   // last use (LRU)
  logic [31:0]          clock_q;                   // use counter
  logic                 filling_q;
  logic [EW-1:0]        fill_e_q;

  // ---- lookups ----------------------------------------------------------------------------
  always_comb begin
    for (int p = 0; p < NPROBE; p++) begin
      probe_hit_o[p] = 1'b0;
      for (int e = 0; e < N; e++)
        if (vld_q[e] && tag_q[e] == probe_i[p]) probe_hit_o[p] = 1'b1;
    end
  end

  // sh_base: the entry's first bank row, e * ROWS, chosen from constants (not a product)
  logic [EW-1:0] sh_e;
  logic [AW-1:0] sh_base;
  always_comb begin
    sh_e     = '0;
    sh_base  = '0;
    sh_hit_o = 1'b0;
    for (int e = 0; e < N; e++) begin
      if (vld_q[e] && tag_q[e] == sh_block_i) begin
        sh_e     = EW'(e);
        sh_base  = AW'(e * ROWS);
        sh_hit_o = 1'b1;
      end
    end
  end
  logic [31:0] rd_base;                            // first word of step sh_row_i (mod 2^32:
                                                   // below 0 in a padded first step)
  assign rd_base = 32'(sh_row_i) * (K * CH) - PAD * CH;
  assign sh_full_o      = sh_hit_o && 32'(filled_q[sh_e]) >= CFG_WORDS;
  // the step's last word is in: ((sh_row_i + 1) * K - PAD) * CH = rd_base + K * CH words
  assign sh_row_ready_o = sh_hit_o && 32'(filled_q[sh_e]) >= rd_base + K * CH;
  assign fill_words_o   = filled_q[fill_e_q];

  // ---- a kept entry for a block of the table being loaded: the first one of the same address
  // and key that no block of this kernel holds yet ----------------------------------------
  logic [EW-1:0] match_e;
  logic          match_vld;
  always_comb begin
    match_e   = '0;
    match_vld = 1'b0;
    for (int e = N - 1; e >= 0; e--) begin
      if (kept_q[e] && !vld_q[e] && addr_q[e] == match_addr_i && key_q[e] == match_key_i) begin
        match_e   = EW'(e);
        match_vld = match_i && match_key_i != '0;
      end
    end
  end
  assign match_hit_o = match_vld;
  // a written line [wr_addr_i, + line) that meets [span_lo_q, span_hi_q): 33-bit sums, no wrap
  assign wr_hit_o = wr_i && {1'b0, wr_addr_i} + 33'(vgiw_cfg_pkg::L1_LINE_BYTES) > {1'b0, span_lo_q}
                    && {1'b0, wr_addr_i} < {1'b0, span_hi_q};
  // The span grows by a fill's configuration a cycle after the fill starts: its address is a
  // block table read at the prefetch's choice, and the sums and comparisons after it were the
  // longest path of fpga_3x3 (issue 22, docs/fpga.md "Fourth round"). The BBS compares each
  // write a cycle late too, so a write meets the same span as before: a write in the fill's
  // first cycle is not checked against that fill (its fetch reads memory after the write).
  logic        span_add_q;                         // a fill started last cycle
  logic [31:0] span_addr_q;                        // its address
  logic [32:0] fill_end;                           // first byte after the configuration fetched
  assign fill_end = {1'b0, span_addr_q} + 33'(4 * CFG_WORDS);
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      span_add_q <= 1'b0;
      span_lo_q  <= '1;
      span_hi_q  <= '0;
    end else begin
      span_add_q <= fill_start_i && victim_vld && !inval_i && !drop_i;
      if (drop_i && !inval_i) begin
        span_lo_q <= '1;
        span_hi_q <= '0;
      end else if (span_add_q) begin
        if (span_addr_q < span_lo_q) span_lo_q <= span_addr_q;
        if (fill_end > {1'b0, span_hi_q}) span_hi_q <= fill_end[32] ? '1 : fill_end[31:0];
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (fill_start_i) span_addr_q <= fill_addr_i;
  end

  // ---- victim: an invalid entry, else the least recently used one not kept ------------------
  // The oldest eligible entry (the lowest-numbered of equal ages) is found by a tree of
  // pairwise choices (vgiw_select_tree), log2(N) comparisons deep, rather than by a scan that
  // compares each entry with the oldest so far, N deep: that scan was the longest estimated
  // path of fpga_3x3 (issue 22, docs/fpga.md "Sixth round"). Ages (uses since the last one)
  // are computed once per entry.
  logic [EW-1:0]      victim, lru_idx;
  logic               victim_vld, lru_vld;
  logic [N-1:0]       lru_cand;                      // may be replaced: not filling, not kept
  logic [N-1:0][31:0] age;
  for (genvar e = 0; e < N; e++) begin : g_age
    assign age[e]      = clock_q - stamp_q[e];
    assign lru_cand[e] = !(filling_q && fill_e_q == EW'(e))
                         && !(vld_q[e] && (tag_q[e] == keep_i[0] || tag_q[e] == keep_i[1]));
  end
  vgiw_select_tree #(.N(N), .KEY_W(32), .MAX(1'b1)) u_lru (
    .valid_i (lru_cand),
    .key_i   (age),
    .valid_o (lru_vld),
    /* verilator lint_off PINCONNECTEMPTY */
    .key_o   (),                         // only which entry matters
    /* verilator lint_on PINCONNECTEMPTY */
    .idx_o   (lru_idx)
  );
  always_comb begin
    victim     = lru_idx;
    victim_vld = lru_vld;
    for (int e = N - 1; e >= 0; e--) begin
      if (!vld_q[e] && !kept_q[e]) begin
        victim     = EW'(e);
        victim_vld = 1'b1;
      end
    end
  end

  // ---- storage ----------------------------------------------------------------------------
  // Bank k holds the words i = k mod WPL. A line written at fill level wfill puts its word j in
  // bank (wfill + j) mod WPL, row wfill / WPL, or the next row for the banks below wfill mod WPL
  // (the line wraps round); a shift step reads bank k at row rd_base / WPL, or the next one for
  // the banks below rd_base mod WPL. The rows are worked out this way (a compare per bank)
  // rather than as each bank's word index divided by WPL, and the entry's first row comes from
  // a choice of constants rather than a product.
  logic [CWW-1:0] wfill;                           // fill level of the entry being written
  logic [AW-1:0]  fill_base;                       // fill_e_q * ROWS
  logic [WPL-1:0][31:0] bank_rd;
  logic [WPL-1:0] wr_wrap, rd_wrap;                // bit k: bank k is below the level mod WPL
  assign wfill   = filled_q[fill_e_q];
  assign wr_wrap = (WPL'(1) << LW'(wfill)) - WPL'(1);
  assign rd_wrap = (WPL'(1) << LW'(rd_base)) - WPL'(1);
  logic [CWW-1:0] wfill_next;                      // after this cycle's words
  logic           fill_done;                       // ... which complete the entry
  assign wfill_next = wfill + CWW'(fill_cnt_i);
  assign fill_done  = 32'(wfill) + 32'(fill_cnt_i) >= CFG_WORDS;
  always_comb begin
    fill_base = '0;
    for (int e = 0; e < N; e++) if (fill_e_q == EW'(e)) fill_base = AW'(e * ROWS);
  end

  for (genvar k = 0; k < WPL; k++) begin : g_bank
    localparam int unsigned LIM = (CFG_WORDS > k) ? (CFG_WORDS - k + WPL - 1) / WPL : 0;  // its rows per entry
    logic [31:0]   words [N * ROWS];
    logic [LW-1:0] wr_j;                           // position of this bank's word in the words
    logic [LW-1:0] wr_src;                         // ... and in the line (no wrap when written)
    logic [31:0]   wr_row;                         // row in the entry written here
    logic [AW-1:0] rd_row;                         // ... and read (mod 2^AW, as the address)
    assign wr_j   = LW'(k) - LW'(wfill);
    assign wr_src = wr_j + fill_off_i;
    assign wr_row = (32'(wfill) >> LW) + 32'(wr_wrap[k]);
    assign rd_row = AW'(rd_base >> LW) + AW'(rd_wrap[k]);
    always_ff @(posedge clk_i) begin
      if (fill_wr_i && filling_q && 32'(wr_j) < 32'(fill_cnt_i) && wr_row < LIM)
        words[fill_base + AW'(wr_row)] <= fill_line_i[wr_src];
    end
    assign bank_rd[k] = words[sh_base + rd_row];
  end
  for (genvar k = 0; k < K; k++) begin : g_row
    for (genvar c = 0; c < CH; c++) begin : g_word
      /* verilator lint_off UNUSEDSIGNAL */
      logic [31:0] idx;                            // only the sign and the bank bits are used
      /* verilator lint_on UNUSEDSIGNAL */
      assign idx = rd_base + 32'(k * CH + c);
      // a padding row (index below 0, i.e. at or above 2^31 here) shifts zeros
      assign sh_words_o[k][c] = idx[31] ? 32'd0 : bank_rd[LW'(idx)];
    end
  end

  // ---- state ------------------------------------------------------------------------------
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      vld_q     <= '0;
      tag_q     <= '0;
      kept_q    <= '0;
      addr_q    <= '0;
      key_q     <= '0;
      filled_q  <= '0;
      stamp_q   <= '0;
      clock_q   <= '0;
      filling_q <= 1'b0;
      fill_e_q  <= '0;
    end else if (inval_i) begin
      vld_q     <= '0;
      filling_q <= 1'b0;
      // an entry still being filled is not complete: never kept (the BBS ends a kernel only
      // after its last fetch, so this is defensive)
      for (int e = 0; e < N; e++) if (filling_q && fill_e_q == EW'(e)) kept_q[e] <= 1'b0;
    end else if (drop_i) begin
      kept_q    <= '0;
    end else begin
      // per entry, with a decoded condition: a write at a computed index (kept_q[victim] <= ..)
      // is built by Yosys as a mask shifted over the whole array, and the flops lose their
      // clock enables (docs/core.md "The BBS")
      for (int e = 0; e < N; e++) begin
        if (match_vld && match_e == EW'(e)) begin
          vld_q[e]   <= 1'b1;
          tag_q[e]   <= match_block_i;
          stamp_q[e] <= clock_q;                   // newer than every entry it is not kept with
        end
        if (fill_start_i && victim_vld && victim == EW'(e)) begin
          vld_q[e]    <= 1'b1;
          tag_q[e]    <= fill_block_i;
          kept_q[e]   <= 1'b0;
          addr_q[e]   <= fill_addr_i;
          key_q[e]    <= fill_key_i;
          filled_q[e] <= '0;
          stamp_q[e]  <= clock_q;
        end else if (!(fill_start_i && victim_vld)) begin
          if (fill_wr_i && filling_q && fill_e_q == EW'(e)) begin
            filled_q[e] <= wfill_next;
            if (fill_done) kept_q[e] <= key_q[e] != '0;
          end
          if (sh_touch_i && sh_hit_o && sh_e == EW'(e)) stamp_q[e] <= clock_q;
        end
      end
      if (match_vld) clock_q <= clock_q + 32'd1;
      if (fill_start_i && victim_vld) begin
        clock_q          <= clock_q + 32'd1;
        filling_q        <= 1'b1;
        fill_e_q         <= victim;
      end else begin
        if (fill_wr_i && filling_q && fill_done) filling_q <= 1'b0;
        if (sh_touch_i && sh_hit_o) clock_q <= clock_q + 32'd1;
      end
    end
  end

`ifndef SYNTHESIS
  initial begin
    // the running block and its three prefetch candidates: fewer entries would let the
    // candidates evict each other, one fetch after another, while the block runs
    if (N < 4) $error("bbs_cfg_cache: %0d entries; at least 4 (the running block, three candidates)", N);
    if (K * CH > WPL)
      $error("bbs_cfg_cache: %0d chains x %0d rows per shift need %0d words; a line has %0d", CH, K, K * CH, WPL);
    if (2 ** LW != WPL) $error("bbs_cfg_cache: %0d words per line is not a power of two", WPL);
  end
  a_fill_one: assert property (@(posedge clk_i) disable iff (!rst_ni)
      !(fill_start_i && !inval_i && filling_q))
    else $error("bbs_cfg_cache: a fill starts while another is in progress");
  a_fill_victim: assert property (@(posedge clk_i) disable iff (!rst_ni)
      !(fill_start_i && !inval_i && !victim_vld))
    else $error("bbs_cfg_cache: no entry to fill");
  logic fill_dup;
  always_comb begin
    fill_dup = 1'b0;
    for (int e = 0; e < N; e++) if (vld_q[e] && tag_q[e] == fill_block_i) fill_dup = 1'b1;
  end
  a_fill_twice: assert property (@(posedge clk_i) disable iff (!rst_ni)
      !(fill_start_i && !inval_i && fill_dup))
    else $error("bbs_cfg_cache: block %0d fetched although it is on chip", fill_block_i);
  a_stray_words: assert property (@(posedge clk_i) disable iff (!rst_ni)
      !(fill_wr_i && !fill_start_i && !inval_i && !filling_q))
    else $error("bbs_cfg_cache: configuration words without a fill");
`endif
endmodule
