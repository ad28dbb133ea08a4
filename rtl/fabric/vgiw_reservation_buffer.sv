// Reservation buffer of a reordering unit (LDST, LVU, SCU): tracks the threads whose
// operation is in flight, collects their out-of-order responses, and emits finished
// threads under the thread-epoch rule (SGMF §4.1, §4.2, §5.1; VGIW §3.5; docs/fabric.md).
//
// Entry e belongs to the thread whose ID has e as its low IDX_W bits, exactly like the
// token buffer; a thread takes its entry when it leaves the token buffer (alloc_*), only
// if the entry is free, and the entry index is the request ID on the memory / SCU port,
// so a response finds its thread without a search (the MSHR of SGMF §4.1).
//
// Epoch gate: a finished entry may be emitted only if its epoch is the oldest epoch
// present in the unit, token buffer included (tb_valid_i / tb_epoch_i). Within that epoch
// the lowest entry (= smallest thread ID) goes first (FR-FCFS, SGMF §5.1). Why this keeps
// every output stream in non-decreasing epoch order, and why it cannot deadlock, is in
// docs/fabric-units/ldst.md.
//
// Outputs: out0 carries the result {ctrl 0, tid, data}, out1 a control token {ctrl 1,
// tid, 0}; alloc_need_i says which ones the thread sends (none is allowed: the entry is
// freed when done). Each output is its own stream behind a one-entry register, so the
// offered token is stable until taken and the outputs start from flops. An entry is
// freed once every output it needs has taken its token. A response whose thread is of the
// oldest epoch goes straight into an output register that no finished entry claims in
// that cycle (bypass: issue 17, a thread alone in the fabric paid a cycle in the entry
// at every LDST, LVU and SCU on its path); its entry records it as taken.
//
// Clear: every entry is dropped, except that an entry whose request has left the unit
// and whose response has not come back becomes a zombie: it is not a thread any more (no
// gate, no output) but stays reserved until its response arrives and is discarded, so a
// late response can never be taken for a thread of the next block.
module vgiw_reservation_buffer #(
  parameter int unsigned DEPTH  = vgiw_cfg_pkg::FABRIC_TOKEN_BUFFER_DEPTH,
  parameter int unsigned META_W = 1      // unit-specific bits kept per entry
) (
  input  logic                     clk_i,
  input  logic                     rst_ni,
  input  logic                     clear_i,
  // threads still in the unit's token buffer (token_epochs)
  input  logic [DEPTH-1:0]         tb_valid_i,
  input  logic [DEPTH-1:0][vgiw_cfg_pkg::DATAPATH_TID_BITS-$clog2(DEPTH)-1:0] tb_epoch_i,
  // allocation
  input  logic                     alloc_valid_i,
  output logic [DEPTH-1:0]         free_o,          // entries a thread may take (not held, no zombie)
  output logic                     alloc_ready_o,   // entry of alloc_tid_i free; 0 while clear_i
  input  logic [vgiw_cfg_pkg::DATAPATH_TID_BITS-1:0] alloc_tid_i,
  input  logic [1:0]               alloc_need_i,    // [0] out0 result, [1] out1 control
  input  logic                     alloc_done_i,    // no operation: finished at once with alloc_data_i
  input  logic [31:0]              alloc_data_i,
  input  logic [META_W-1:0]        alloc_meta_i,
  input  logic [DEPTH-1:0]         unsent_i,        // entries whose request has not left the unit
  // responses (always taken: the entry was reserved)
  input  logic                     rsp_valid_i,
  input  logic [$clog2(DEPTH)-1:0] rsp_idx_i,
  input  logic [31:0]              rsp_data_i,
  output logic [META_W-1:0]        rsp_meta_o,      // meta of entry rsp_idx_i (to shape rsp_data_i)
  // outputs
  output logic [1:0]               out_valid_o,
  output logic [1:0][vgiw_cfg_pkg::TOKEN_BITS-1:0] out_tok_o,
  input  logic [1:0]               out_ready_i,
  output logic                     busy_o
);
  localparam int unsigned TID_W = vgiw_cfg_pkg::DATAPATH_TID_BITS;
  localparam int unsigned IW    = $clog2(DEPTH);
  localparam int unsigned EW    = TID_W - IW;
  localparam int unsigned TOK_W = vgiw_cfg_pkg::TOKEN_BITS;
  localparam int unsigned N     = 2 * DEPTH;   // epoch candidates: entries here + token buffer

  logic [DEPTH-1:0]             valid_q, done_q, zombie_q;
  logic [DEPTH-1:0][1:0]        need_q;
  logic [DEPTH-1:0][EW-1:0]     epoch_q;
  logic [DEPTH-1:0][31:0]       data_q;
  logic [DEPTH-1:0][META_W-1:0] meta_q;

  // ---- oldest epoch present: minimum over a tree of pairwise choices (vgiw_select_tree) ----
  // The minimum is registered: it never decreases while the unit holds a thread, so the
  // value of the previous cycle is exact for any entry that carries it (an entry of that
  // epoch is still present, and nothing older can have arrived); when the oldest epoch
  // advances, its successor becomes eligible one cycle later. Registering also keeps
  // synthesis from pushing the per-entry equality compares into the tree (1.6x the LUTs).
  logic                         min_valid;
  logic [EW-1:0]                min_epoch;
  logic                         min_valid_q;
  logic [EW-1:0]                min_epoch_q;

  vgiw_select_tree #(.N(N), .KEY_W(EW), .MAX(1'b0)) u_oldest_epoch (
    .valid_i ({tb_valid_i, valid_q}),   // candidates 0..DEPTH-1: entries, then the token buffer
    .key_i   ({tb_epoch_i, epoch_q}),
    .valid_o (min_valid),
    .key_o   (min_epoch),
    /* verilator lint_off PINCONNECTEMPTY */
    .idx_o   ()                         // only the epoch matters
    /* verilator lint_on PINCONNECTEMPTY */
  );

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      min_valid_q <= 1'b0;
      min_epoch_q <= '0;
    end else if (clear_i) begin
      min_valid_q <= 1'b0;
    end else begin
      min_valid_q <= min_valid;
      min_epoch_q <= min_epoch;
    end
  end

  // ---- emission: per output, the lowest finished entry of the oldest epoch ---------------
  logic [1:0]                   reg_ready;   // output register can take a token
  logic [1:0]                   sel_found, push;
  logic [1:0][IW-1:0]           sel_idx;
  logic [1:0][TOK_W-1:0]        push_tok;
  logic [DEPTH-1:0]             eligible;    // finished and of the oldest epoch
  logic                         rsp_eligible; // this cycle's response finishes a thread of it
  logic [1:0]                   byp;         // output k takes this cycle's response

  always_comb begin
    for (int unsigned i = 0; i < DEPTH; i++) begin
      eligible[i] = valid_q[i] && done_q[i] && min_valid_q && epoch_q[i] == min_epoch_q;
    end
    // The response's thread is of the oldest epoch present, as it would be one cycle later
    // (the registered minimum never decreases while the thread is here), so sending it
    // now keeps every output in epoch order; a finished entry of that epoch goes first.
    rsp_eligible = rsp_valid_i && valid_q[rsp_idx_i] && !done_q[rsp_idx_i] && !zombie_q[rsp_idx_i]
                   && min_valid_q && epoch_q[rsp_idx_i] == min_epoch_q;
    for (int unsigned k = 0; k < 2; k++) begin
      sel_found[k] = 1'b0;
      sel_idx[k]   = '0;
      for (int i = DEPTH - 1; i >= 0; i--) begin
        if (eligible[i] && need_q[i][k]) begin
          sel_found[k] = 1'b1;
          sel_idx[k]   = IW'(i);
        end
      end
      byp[k] = !sel_found[k] && rsp_eligible && need_q[rsp_idx_i][k];
      if (byp[k]) begin
        sel_found[k] = 1'b1;
        sel_idx[k]   = rsp_idx_i;
      end
      push[k] = sel_found[k] && reg_ready[k];
    end
  end

  // Reads at a variable index go through power-of-two-wide words: an epoch (or the meta
  // bits) is not, and Yosys maps the index arithmetic of such a packed array to multipliers.
  logic [DEPTH-1:0][TID_W-1:0] tid_v;        // entry i's thread: {epoch, i}
  always_comb begin
    for (int unsigned i = 0; i < DEPTH; i++) tid_v[i] = {epoch_q[i], IW'(i)};
  end

  // Tokens are built in struct variables (Yosys takes no struct variable local to a block).
  vgiw_cfg_pkg::token_t res_tok, ctl_tok;
  always_comb begin
    res_tok      = '0;
    res_tok.ctrl = 1'b0;
    res_tok.tid  = tid_v[sel_idx[0]];
    res_tok.data = byp[0] ? rsp_data_i : data_q[sel_idx[0]];
    ctl_tok      = '0;
    ctl_tok.ctrl = 1'b1;
    ctl_tok.tid  = tid_v[sel_idx[1]];
    ctl_tok.data = 32'd0;
  end
  assign push_tok[0] = res_tok;
  assign push_tok[1] = ctl_tok;

  for (genvar k = 0; k < 2; k++) begin : g_out
    logic [TOK_W-1:0] reg_tok;
    vgiw_stream_reg #(
      .WIDTH (TOK_W),
      .SPILL (1'b0)
    ) u_out_reg (
      .clk_i   (clk_i),
      .rst_ni  (rst_ni),
      .clear_i (clear_i),
      .valid_i (sel_found[k]),
      .ready_o (reg_ready[k]),
      .data_i  (push_tok[k]),
      .valid_o (out_valid_o[k]),
      .ready_i (out_ready_i[k]),
      .data_o  (reg_tok)
    );
    assign out_tok_o[k] = reg_tok;
  end

  // ---- entry updates -------------------------------------------------------------------
  logic [IW-1:0]    alloc_idx;
  logic             alloc;
  logic [DEPTH-1:0] rsp_hit;
  logic [DEPTH-1:0][1:0] need_next;

  assign alloc_idx     = alloc_tid_i[IW-1:0];
  assign free_o        = ~valid_q & ~zombie_q;
  assign alloc_ready_o = free_o[alloc_idx] && !clear_i;
  assign alloc         = alloc_valid_i && alloc_ready_o;
  always_comb begin
    rsp_meta_o = '0;
    for (int unsigned i = 0; i < DEPTH; i++) begin
      if (rsp_idx_i == IW'(i)) rsp_meta_o = meta_q[i];
    end
  end

  always_comb begin
    for (int unsigned i = 0; i < DEPTH; i++) begin
      rsp_hit[i]   = rsp_valid_i && rsp_idx_i == IW'(i);
      need_next[i] = need_q[i];
      for (int unsigned k = 0; k < 2; k++) begin
        if (push[k] && sel_idx[k] == IW'(i)) need_next[i][k] = 1'b0;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q  <= '0;
      done_q   <= '0;
      zombie_q <= '0;
      need_q   <= '0;
      epoch_q  <= '0;
      data_q   <= '0;
      meta_q   <= '0;
    end else if (clear_i) begin
      valid_q  <= '0;
      done_q   <= '0;
      zombie_q <= (zombie_q | (valid_q & ~done_q & ~unsent_i)) & ~rsp_hit;
    end else begin
      for (int unsigned i = 0; i < DEPTH; i++) begin
        need_q[i] <= need_next[i];
        if (valid_q[i] && done_q[i] && need_next[i] == 2'b00) valid_q[i] <= 1'b0;
        if (rsp_hit[i]) begin
          if (zombie_q[i]) begin
            zombie_q[i] <= 1'b0;           // the late response of a cleared thread
          end else begin
            done_q[i] <= 1'b1;
            data_q[i] <= rsp_data_i;
          end
        end
      end
      if (alloc) begin
        valid_q[alloc_idx] <= 1'b1;
        done_q[alloc_idx]  <= alloc_done_i;
        need_q[alloc_idx]  <= alloc_need_i;
        if (alloc_done_i) data_q[alloc_idx] <= alloc_data_i;
      end
      for (int unsigned i = 0; i < DEPTH; i++) begin   // per entry: see tid_v
        if (alloc && alloc_idx == IW'(i)) begin
          epoch_q[i] <= alloc_tid_i[TID_W-1:IW];
          meta_q[i]  <= alloc_meta_i;
        end
      end
    end
  end

  assign busy_o = |valid_q || |zombie_q || |out_valid_o;

`ifndef SYNTHESIS
  initial begin
    assert (DEPTH >= 2 && (1 << IW) == DEPTH)
      else $fatal(1, "reservation_buffer: DEPTH must be a power of two >= 2");
  end

  a_rsp_expected: assert property (@(posedge clk_i) disable iff (!rst_ni)
      rsp_valid_i |-> zombie_q[rsp_idx_i] || (valid_q[rsp_idx_i] && !done_q[rsp_idx_i]))
    else $error("reservation_buffer: response for entry %0d, which waits for none", rsp_idx_i);

  // The property the gate exists for: each output's epochs never decrease (within a block).
  logic [1:0]         seen_q;
  logic [1:0][EW-1:0] last_epoch_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      seen_q       <= '0;
      last_epoch_q <= '0;
    end else if (clear_i) begin
      seen_q <= '0;
    end else begin
      for (int unsigned k = 0; k < 2; k++) begin
        if (push[k]) begin
          // the registered minimum is the current one for every entry it lets out
          assert (min_valid && epoch_q[sel_idx[k]] == min_epoch)
            else $error("reservation_buffer: out%0d emits epoch %0d, the oldest present is %0d",
                        k, epoch_q[sel_idx[k]], min_epoch);
          assert (!seen_q[k] || epoch_q[sel_idx[k]] >= last_epoch_q[k])
            else $error("reservation_buffer: out%0d epoch went back from %0d to %0d",
                        k, last_epoch_q[k], epoch_q[sel_idx[k]]);
          seen_q[k]       <= 1'b1;
          last_epoch_q[k] <= epoch_q[sel_idx[k]];
        end
      end
    end
  end
`endif
endmodule
