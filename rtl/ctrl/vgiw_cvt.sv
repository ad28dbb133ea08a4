// Control vector table (VGIW §3.3, Fig. 2): one bit vector per basic block over the threads
// of the current tile, in 64-bit words. Block b's word w is table word b*tile_words_i + w,
// so the tile size trades against the number of blocks (VGIW §3.2 tiling). The ports take the
// block's first word b*tile_words_i as well as b (the BBS keeps it per block, computed once per
// kernel, so no access starts with a multiply; asserted here). Words interleave
// over BANKS banks (bank = word mod BANKS). The words are in memories with a clocked read
// (issue 22: block RAM on an FPGA for a large table; Yosys keeps a small one in LUT RAM): one
// read and one merge proceed in the same cycle on any pair of words.
//   * read port: a read takes the addressed word's threads and resets the word (read-and-reset:
//     the BBS sends those threads to the fabric, VGIW §3.2) by dropping its live bit, so it
//     needs no write. Whether the word holds threads (rd_live_o) is known in the read's cycle;
//     its threads are on rd_data_o from the next cycle until the next read.
//   * merge port: ORs bits into a word (several control flows may reach one block). The live
//     bit and the counts change in the request's cycle; the word's old value is read at that
//     clock edge and old | bits written at the next (a two-stage read-modify-write whose
//     pending write is forwarded to both ports' reads). A read and a merge of the same word in
//     one cycle: the read takes the old word and the merged bits stay.
//   * nonempty_o[b]: block b has some non-zero word, from a per-block count of non-empty words
//     kept up to date by both ports, so the BBS finds the smallest non-empty block in one cycle.
//     Block b exists only in kernels of more than b blocks, whose tiles have at most
//     WORDS / (b + 1) words, so its count is only as wide as that bound (asserted).
module vgiw_cvt #(
  parameter  int unsigned WORDS  = vgiw_cfg_pkg::CVT_BITS / vgiw_cfg_pkg::CVT_WORD_BITS,
  parameter  int unsigned BANKS  = vgiw_cfg_pkg::CVT_BANKS,
  parameter  int unsigned BLOCKS = vgiw_cfg_pkg::BBS_MAX_BLOCKS,
  localparam int unsigned AW     = (WORDS > 1) ? $clog2(WORDS) : 1,
  localparam int unsigned TW     = $clog2(WORDS + 1),            // tile words 0..WORDS
  localparam int unsigned BW     = (BLOCKS > 1) ? $clog2(BLOCKS) : 1
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  // tile: words per block vector, stable between clears
  input  logic [TW-1:0]     tile_words_i,
  input  logic              clear_i,          // empty every vector (new kernel or tile)
  input  logic              clear_check_i,    // with clear_i: the vectors must already be empty
  // read-and-reset port
  input  logic              rd_valid_i,
  input  logic [BW-1:0]     rd_block_i,
  input  logic [AW-1:0]     rd_base_i,        // rd_block_i * tile_words_i
  input  logic [AW-1:0]     rd_word_i,
  output logic              rd_live_o,        // the addressed word holds threads (this cycle)
  output logic [63:0]       rd_data_o,        // the threads the last read took (0: none)
  // OR-merge port
  input  logic              wr_valid_i,
  input  logic [BW-1:0]     wr_block_i,
  input  logic [AW-1:0]     wr_base_i,        // wr_block_i * tile_words_i
  input  logic [AW-1:0]     wr_word_i,
  input  logic [63:0]       wr_bits_i,
  // summary
  output logic [BLOCKS-1:0] nonempty_o
);
  localparam int unsigned ROWS = WORDS / BANKS;
  localparam int unsigned RW   = (ROWS > 1) ? $clog2(ROWS) : 1;
  localparam int unsigned KW   = (BANKS > 1) ? $clog2(BANKS) : 1;

  // Bank-major storage: bank k row r holds table word r*BANKS + k. A flip-flop per word says
  // whether it holds threads (live: the word is valid and not zero; a merge of no bits into an
  // empty word leaves it clear). Read-and-reset and clear only drop those bits, so the one write
  // per bank is the merge's (VGIW §3.3: read-and-reset saves a second write port). The words
  // are in two copies per bank, each with one write (the merge's) and one clocked read: the
  // read port's copy and the merge's, whose old word the merge ORs its bits into (docs/ctrl.md
  // "CVT organization").
  logic [BANKS-1:0][ROWS-1:0] live_q, live_d;

  logic [AW-1:0]             rd_addr, wr_addr;
  logic [KW-1:0]             rd_bank, wr_bank;
  logic [RW-1:0]             rd_row, wr_row;
  logic                      same_word;
  logic [BANKS-1:0][63:0]    bank_rd_q, bank_mg_q;   // each bank's word at the read's / merge's row

  assign rd_addr   = rd_base_i + rd_word_i;
  assign wr_addr   = wr_base_i + wr_word_i;
  assign rd_bank   = KW'(32'(rd_addr) % BANKS);
  assign wr_bank   = KW'(32'(wr_addr) % BANKS);
  assign rd_row    = RW'(32'(rd_addr) / BANKS);
  assign wr_row    = RW'(32'(wr_addr) / BANKS);
  assign rd_live_o = live_q[rd_bank][rd_row];
  assign same_word = rd_valid_i && wr_valid_i && (rd_addr == wr_addr);

  // Merge, second stage: the word's old value (read at the request's clock edge; the write of
  // the merge before, if it was to the same word, lands at that edge too and is taken from
  // m2_fwd_data_q) or, when the word was empty or read in the request's cycle, nothing, OR the
  // bits, written into both copies at the next edge.
  logic          m2_vld_q, m2_keep_q, m2_fwd_q;
  logic [AW-1:0] m2_addr_q;
  logic [63:0]   m2_bits_q, m2_fwd_data_q, m2_old, m2_new;
  assign m2_old = m2_fwd_q ? m2_fwd_data_q : bank_mg_q[KW'(32'(m2_addr_q) % BANKS)];
  assign m2_new = (m2_keep_q ? m2_old : '0) | m2_bits_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) m2_vld_q <= 1'b0;
    else         m2_vld_q <= wr_valid_i && !clear_i;
  end
  always_ff @(posedge clk_i) begin
    if (wr_valid_i) begin
      m2_addr_q     <= wr_addr;
      m2_bits_q     <= wr_bits_i;
      m2_keep_q     <= live_q[wr_bank][wr_row] && !same_word;
      m2_fwd_q      <= m2_vld_q && m2_addr_q == wr_addr;
      m2_fwd_data_q <= m2_new;
    end
  end

  // Read: the word as of the read's cycle, which includes a merge still in its second stage
  // (its write lands at the read's edge): taken from rd_fwd_data_q. Held until the next read.
  logic          rd_live_q, rd_fwd_q;
  logic [KW-1:0] rd_bank_q;
  logic [63:0]   rd_fwd_data_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)         rd_live_q <= 1'b0;
    else if (rd_valid_i) rd_live_q <= rd_live_o;
  end
  always_ff @(posedge clk_i) begin
    if (rd_valid_i) begin
      rd_bank_q     <= rd_bank;
      rd_fwd_q      <= m2_vld_q && m2_addr_q == rd_addr;
      rd_fwd_data_q <= m2_new;
    end
  end
  assign rd_data_o = !rd_live_q ? '0 : rd_fwd_q ? rd_fwd_data_q : bank_rd_q[rd_bank_q];

`ifndef SYNTHESIS
  logic [BANKS-1:0][ROWS-1:0][63:0] table_view;   // the words as the ports see them, for the assertions
`endif
  for (genvar k = 0; k < BANKS; k++) begin : g_bank
    logic [63:0] words_rd [ROWS];   // the read port's copy
    logic [63:0] words_mg [ROWS];   // the merge port's copy
    logic [63:0] rd_q, mg_q;
    logic        wr;
    assign wr = m2_vld_q && KW'(32'(m2_addr_q) % BANKS) == KW'(k);
    always_ff @(posedge clk_i) begin
      if (wr) words_rd[RW'(32'(m2_addr_q) / BANKS)] <= m2_new;
    end
    always_ff @(posedge clk_i) begin
      if (wr) words_mg[RW'(32'(m2_addr_q) / BANKS)] <= m2_new;
    end
    always_ff @(posedge clk_i) begin
      if (rd_valid_i) rd_q <= words_rd[rd_row];
    end
    always_ff @(posedge clk_i) begin
      if (wr_valid_i) mg_q <= words_mg[wr_row];
    end
    assign bank_rd_q[k] = rd_q;
    assign bank_mg_q[k] = mg_q;
`ifndef SYNTHESIS
    for (genvar r = 0; r < ROWS; r++) begin : g_view
      assign table_view[k][r] = !live_q[k][r] ? '0
                              : (wr && RW'(32'(m2_addr_q) / BANKS) == RW'(r)) ? m2_new : words_rd[r];
    end
`endif
  end

  // Non-empty word counts: a read empties a non-empty word, a merge fills an empty one. Both
  // conditions are formed once and each block's count takes one step (+1, -1 or none), so the
  // read's valid, the last signal to arrive (the dispatch's batch handshake), passes through a
  // few gates to the count registers (issue 22, docs/fpga.md "Fourth round"). Whether a word is
  // empty is its live bit, not its data: no RAM read and 64-bit test on the way from a port's
  // address to the counts (docs/fpga.md "Eighth round"). On the same word the two ports see the
  // same old word, so a merge fills the word exactly when it was empty, whether or not it is
  // also read: the increment does not depend on the read.
  logic rd_empties, wr_fills, wr_any;
  assign wr_any     = wr_bits_i != '0;
  assign rd_empties = rd_valid_i && live_q[rd_bank][rd_row] && !(same_word && wr_any);
  assign wr_fills   = wr_valid_i && wr_any && !live_q[wr_bank][wr_row];

  always_comb begin
    live_d = live_q;
    if (clear_i) begin
      live_d = '0;
    end else begin
      if (rd_valid_i) live_d[rd_bank][rd_row] = 1'b0;
      if (wr_valid_i && wr_any) live_d[wr_bank][wr_row] = 1'b1;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) live_q <= '0;
    else         live_q <= live_d;
  end

  // Block b's count of non-empty words: at most its tile's words, WORDS / (b + 1) (a tile of a
  // kernel with B > b blocks has at most WORDS / B words), so the counts of high blocks are a
  // few bits; at 512 blocks the counts are a fifth of the flip-flops of full-width ones (issue 22,
  // docs/ctrl.md "CVT organization"). Every preset has WORDS >= BLOCKS, so each count has a bit.
  for (genvar b = 0; b < BLOCKS; b++) begin : g_count
    localparam int unsigned BCW = $clog2(WORDS / (b + 1) + 1);
    logic [BCW-1:0] cnt_q, cnt_d;
    logic           inc, dec;
    assign inc = wr_fills && wr_block_i == BW'(b);
    assign dec = rd_empties && rd_block_i == BW'(b);
    always_comb begin
      unique case ({clear_i, inc, dec})
        3'b010:  cnt_d = cnt_q + BCW'(1);
        3'b001:  cnt_d = cnt_q - BCW'(1);
        3'b000, 3'b011: cnt_d = cnt_q;
        default: cnt_d = '0;                       // clear
      endcase
    end
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) cnt_q <= '0;
      else         cnt_q <= cnt_d;
    end
    assign nonempty_o[b] = cnt_q != '0;
`ifndef SYNTHESIS
    a_count_fits: assert property (@(posedge clk_i) disable iff (!rst_ni)
        !(!clear_i && inc && !dec && 32'(cnt_q) >= WORDS / (b + 1)))
      else $error("cvt: block %0d holds more than %0d non-empty words (WORDS / (b + 1))",
                  b, WORDS / (b + 1));
`endif
  end

`ifndef SYNTHESIS
  // VGIW §3.3: a thread's bit is set in at most one block vector; a merged thread has left
  // the fabric, so it must be in none. At the end of a tile every vector is empty.
  logic [63:0] wr_clash;
  always_comb begin
    wr_clash = '0;
    for (int b = 0; b < BLOCKS; b++) begin
      if (32'(b) * 32'(tile_words_i) + 32'(wr_word_i) < WORDS) begin
        wr_clash = wr_clash | table_view[(32'(b) * 32'(tile_words_i) + 32'(wr_word_i)) % BANKS]
                                        [(32'(b) * 32'(tile_words_i) + 32'(wr_word_i)) / BANKS];
      end
    end
    wr_clash = wr_clash & wr_bits_i;
  end
  a_one_vector: assert property (@(posedge clk_i) disable iff (!rst_ni || clear_i)
      !(wr_valid_i && wr_clash != '0))
    else $error("cvt: merging block %0d word %0d bits %016x already set in a vector",
                wr_block_i, wr_word_i, wr_clash);
  // live means not zero: the counts and rd_empties read the live bits instead of the words
  logic live_zero;
  always_comb begin
    live_zero = 1'b0;
    for (int k = 0; k < BANKS; k++)
      for (int r = 0; r < ROWS; r++) live_zero = live_zero || (live_q[k][r] && table_view[k][r] == '0);
  end
  a_live_not_zero: assert property (@(posedge clk_i) disable iff (!rst_ni) !live_zero)
    else $error("cvt: a word marked live holds no threads");
  a_empty_at_tile_end: assert property (@(posedge clk_i) disable iff (!rst_ni)
      !(clear_i && clear_check_i && ((|table_view) || (|nonempty_o))))
    else $error("cvt: tile ends with threads left in the vectors");
  a_word_in_tile: assert property (@(posedge clk_i) disable iff (!rst_ni || clear_i)
      !(rd_valid_i && 32'(rd_word_i) >= 32'(tile_words_i)) && !(wr_valid_i && 32'(wr_word_i) >= 32'(tile_words_i)))
    else $error("cvt: word index outside the tile");
  a_base: assert property (@(posedge clk_i) disable iff (!rst_ni || clear_i)
      !(rd_valid_i && 32'(rd_base_i) != 32'(rd_block_i) * 32'(tile_words_i))
      && !(wr_valid_i && 32'(wr_base_i) != 32'(wr_block_i) * 32'(tile_words_i)))
    else $error("cvt: a block's first word is not its number x %0d tile words", tile_words_i);
`endif
endmodule
