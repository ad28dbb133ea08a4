// Token buffer: the explicit token store of a unit (VGIW §3.5, SGMF §5.1).
//
// Entry e holds the operands of one thread whose ID has e as its low IDX_W bits (the
// thread's virtual channel). A token is accepted when its entry is free or already
// belongs to the same thread; a token whose entry is held by another thread is
// back-pressured (never dropped or overwritten). When all used inputs of an entry are
// present the entry is complete. Of the complete entries the unit lets fire now
// (fire_en_i), the oldest (smallest thread ID) fires. When no stored entry can fire, a
// token that completes its entry fires in the cycle it arrives (bypass: the entry is never
// written), so a thread pays no cycle in the buffer when it does not wait for an operand
// or for the unit (issue 17: a thread alone in the fabric, a loop of one work-item, pays
// each unit's buffer cycle on its whole path). In-order units let every entry
// fire: the oldest complete entry first keeps their output in thread-epoch order. The
// reordering units let fire the entries whose reservation entry is free, so a thread
// waiting for its reservation entry does not block younger complete ones (head-of-line
// blocking); their epoch gate keeps the outputs in order (SGMF §4.1, docs/fabric.md).
// Inputs 0..DATA_INS-1 store data; the others (the enable input) only presence.
//
// An entry stores its thread's epoch (thread ID without the low IDX_W bits: those are the
// entry's index) and exports it with the entry's occupancy (entry_valid_o, entry_epoch_o):
// the reordering units' epoch gate counts threads still waiting here (reorder_unit_core).
module vgiw_token_buffer #(
  parameter int unsigned DEPTH    = vgiw_cfg_pkg::FABRIC_TOKEN_BUFFER_DEPTH,
  parameter int unsigned INS      = 4,     // in0..in2 operands, in3 enable
  parameter int unsigned DATA_INS = 3
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,
  input  logic                    clear_i,      // drop every entry (fabric reset)
  input  logic [INS-1:0]          used_i,       // static: inputs that deliver tokens
  input  logic [DEPTH-1:0]        fire_en_i,    // entries that may fire in this cycle
  input  logic [INS-1:0]          in_valid_i,
  input  logic [INS-1:0][vgiw_cfg_pkg::TOKEN_BITS-1:0] in_tok_i,
  output logic [INS-1:0]          in_ready_o,
  output logic                    out_valid_o,
  input  logic                    out_ready_i,
  output logic [vgiw_cfg_pkg::DATAPATH_TID_BITS-1:0] out_tid_o,
  output logic [DATA_INS-1:0][vgiw_cfg_pkg::DATAPATH_WORD_BITS-1:0] out_data_o,
  output logic                    busy_o,
  // occupancy and epoch of every entry (for the epoch gate of the reordering units)
  output logic [DEPTH-1:0]        entry_valid_o,
  output logic [DEPTH-1:0][vgiw_cfg_pkg::DATAPATH_TID_BITS-$clog2(DEPTH)-1:0] entry_epoch_o
);
  localparam int unsigned TID_W  = vgiw_cfg_pkg::DATAPATH_TID_BITS;
  localparam int unsigned DATA_W = vgiw_cfg_pkg::DATAPATH_WORD_BITS;
  localparam int unsigned IW     = $clog2(DEPTH);
  localparam int unsigned EW     = TID_W - IW;

  logic [DEPTH-1:0]            valid_q;
  logic [DEPTH-1:0][EW-1:0]    epoch_q;
  logic [DEPTH-1:0][TID_W-1:0] entry_tid;  // epoch and index: the entry's thread ID
  logic [DEPTH-1:0][INS-1:0]   present_q;

  always_comb begin
    for (int unsigned e = 0; e < DEPTH; e++) entry_tid[e] = {epoch_q[e], IW'(e)};
  end
  assign entry_valid_o = valid_q;
  assign entry_epoch_o = epoch_q;

  // ---- acceptance -------------------------------------------------------------------
  logic [INS-1:0][IW-1:0]    in_idx;
  logic [INS-1:0][TID_W-1:0] in_tid;
  logic [INS-1:0]            accept;
  // Member selects on an indexed struct array mis-synthesize in Yosys (docs/sv-subset.md):
  // copy each token to a variable first; only some of its fields are read.
  /* verilator lint_off UNUSEDSIGNAL */
  vgiw_cfg_pkg::token_t      tok;
  /* verilator lint_on UNUSEDSIGNAL */

  always_comb begin
    tok = '0;
    for (int unsigned k = 0; k < INS; k++) begin
      tok       = in_tok_i[k];
      in_tid[k] = tok.tid;
      in_idx[k] = IW'(tok.tid[IW-1:0]);   // DEPTH is a power of two
    end
  end

  always_comb begin
    for (int unsigned k = 0; k < INS; k++) begin
      logic hit, claim;
      hit   = valid_q[in_idx[k]] && entry_tid[in_idx[k]] == in_tid[k] && !present_q[in_idx[k]][k];
      // A free entry is claimed by the lowest-numbered input whose thread wants it.
      claim = !valid_q[in_idx[k]];
`ifndef SYNTHESIS
`ifdef VGIW_FAULT_TOKEN_OVERWRITE
      // Fault injection for simulation builds only (docs/fabric-tests.md, "Assertions can
      // fire"): an entry held by another thread is taken anyway, i.e. its operands are
      // overwritten. a_no_overwrite below must catch it.
      claim = !valid_q[in_idx[k]] || entry_tid[in_idx[k]] != in_tid[k];
`endif
`endif
      for (int unsigned j = 0; j < k; j++) begin
        if (in_valid_i[j] && used_i[j] && in_idx[j] == in_idx[k] && in_tid[j] != in_tid[k]) claim = 1'b0;
      end
      in_ready_o[k] = used_i[k] && (hit || claim);
      accept[k]     = in_valid_i[k] && in_ready_o[k];
    end
  end

  // ---- firing: oldest complete entry, else a thread completed by this cycle's tokens ---
  logic [DEPTH-1:0] complete;
  logic             stored_found, byp_found, fire_found;
  logic [IW-1:0]    stored_idx, fire_idx;
  logic [INS-1:0]   byp_cand;
  logic [INS-1:0]   byp_in;         // inputs whose token goes straight out (bypass)
  logic [TID_W-1:0] byp_tid;
  logic             fire;

  always_comb begin
    stored_found = 1'b0;
    stored_idx   = '0;
    for (int unsigned e = 0; e < DEPTH; e++) begin
      complete[e] = valid_q[e] && ((present_q[e] & used_i) == used_i);
      if (complete[e] && fire_en_i[e] && (!stored_found || entry_tid[e] < entry_tid[stored_idx])) begin
        stored_found = 1'b1;
        stored_idx   = IW'(e);
      end
    end
  end

  // Bypass. Tokens accepted into one entry in one cycle belong to one thread (a hit
  // matches the entry's thread, a claim excludes other threads of lower inputs), so an
  // input completes its entry when the entry's stored operands and this cycle's tokens
  // for it cover every used input. Only when no stored entry fires: a stored complete
  // entry is never of a younger epoch than a thread that completes now (its token on
  // the completing input came first, links keep epoch order), and two threads that
  // complete in one cycle on different inputs are of one epoch (each token of one came
  // before the other's on some link), so in-order units still emit in epoch order.
  always_comb begin
    byp_found = 1'b0;
    fire_idx  = stored_idx;
    byp_tid   = '0;
    for (int unsigned k = 0; k < INS; k++) begin
      logic [INS-1:0] have;
      have = valid_q[in_idx[k]] ? present_q[in_idx[k]] : '0;
      for (int unsigned j = 0; j < INS; j++) begin
        if (accept[j] && in_idx[j] == in_idx[k]) have[j] = 1'b1;
      end
      byp_cand[k] = accept[k] && fire_en_i[in_idx[k]] && ((have & used_i) == used_i);
    end
    if (!stored_found) begin
      for (int unsigned k = INS; k > 0; k--) begin   // lowest input wins
        if (byp_cand[k-1]) begin
          byp_found = 1'b1;
          fire_idx  = in_idx[k-1];
          byp_tid   = in_tid[k-1];
        end
      end
    end
    for (int unsigned k = 0; k < INS; k++) begin
      byp_in[k] = byp_found && accept[k] && in_idx[k] == fire_idx;
    end
  end

  assign fire_found  = stored_found || byp_found;
  assign fire        = fire_found && out_ready_i;
  assign out_valid_o = fire_found;
  assign out_tid_o   = byp_found ? byp_tid : entry_tid[fire_idx];
  assign busy_o      = |valid_q;

`ifndef SYNTHESIS
  // for a_stored (below): the entry an input wrote in the previous cycle, read back
  logic [INS-1:0][IW-1:0]          chk_idx_q;
  logic [DATA_INS-1:0][DATA_W-1:0] chk_held;
`endif

  // ---- operand storage: one memory per data input (maps to distributed RAM) ----------
  for (genvar k = 0; k < DATA_INS; k++) begin : g_operand
    logic [DATA_W-1:0] mem_q [DEPTH];
    /* verilator lint_off UNUSEDSIGNAL */  // only the data field is stored here
    vgiw_cfg_pkg::token_t wtok;
    /* verilator lint_on UNUSEDSIGNAL */
    assign wtok = in_tok_i[k];
    always_ff @(posedge clk_i) begin
      if (accept[k]) mem_q[in_idx[k]] <= wtok.data;
    end
    assign out_data_o[k] = byp_in[k] ? wtok.data : mem_q[fire_idx];
`ifndef SYNTHESIS
    assign chk_held[k] = mem_q[chk_idx_q[k]];
`endif
  end

  // ---- entry state -----------------------------------------------------------------
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q   <= '0;
      epoch_q   <= '0;
      present_q <= '0;
    end else if (clear_i) begin
      valid_q   <= '0;
      present_q <= '0;
    end else begin
      if (fire) begin
        valid_q[fire_idx]   <= 1'b0;
        present_q[fire_idx] <= '0;
      end
      for (int unsigned k = 0; k < INS; k++) begin
        if (accept[k] && !(fire && byp_in[k])) begin   // a bypassed thread leaves no entry
          valid_q[in_idx[k]]      <= 1'b1;
          present_q[in_idx[k]][k] <= 1'b1;
        end
      end
      // Written per entry, not at a variable index: an epoch is not a power of two bits wide
      // and Yosys would map the index arithmetic to multipliers (DSPs).
      for (int unsigned e = 0; e < DEPTH; e++) begin
        for (int unsigned k = 0; k < INS; k++) begin
          if (accept[k] && in_idx[k] == IW'(e)) epoch_q[e] <= in_tid[k][TID_W-1:IW];
        end
      end
    end
  end

`ifndef SYNTHESIS
  initial begin
    assert (DEPTH >= 2 && (1 << IW) == DEPTH)
      else $fatal(1, "token_buffer: DEPTH must be a power of two >= 2");
  end
  // Invariants (docs/fabric.md): nothing arrives on an unused input, and a thread never
  // delivers the same operand twice (it would wait forever: a token duplicated upstream).
  for (genvar k = 0; k < INS; k++) begin : g_assert
    a_unused_input: assert property (@(posedge clk_i) disable iff (!rst_ni || clear_i)
        !(in_valid_i[k] && !used_i[k]))
      else $error("token_buffer: token for thread %0d on unused input %0d", in_tid[k], k);
    a_no_duplicate: assert property (@(posedge clk_i) disable iff (!rst_ni || clear_i)
        !(in_valid_i[k] && valid_q[in_idx[k]] && entry_tid[in_idx[k]] == in_tid[k] && present_q[in_idx[k]][k]))
      else $error("token_buffer: thread %0d delivered input %0d twice", in_tid[k], k);
    // Never overwritten: an accepted token lands on a free entry or on the entry of its own
    // thread (SGMF §5.1: a token whose channel is held by an older thread waits).
    a_no_overwrite: assert property (@(posedge clk_i) disable iff (!rst_ni || clear_i)
        !(accept[k] && valid_q[in_idx[k]] && entry_tid[in_idx[k]] != in_tid[k]))
      else $error("token_buffer: thread %0d on input %0d overwrote entry %0d of thread %0d",
                  in_tid[k], k, in_idx[k], entry_tid[in_idx[k]]);
    // Two inputs that claim one free entry in the same cycle carry the same thread.
    for (genvar j = 0; j < k; j++) begin : g_pair
      a_one_claim: assert property (@(posedge clk_i) disable iff (!rst_ni || clear_i)
          !(accept[j] && accept[k] && in_idx[j] == in_idx[k] && in_tid[j] != in_tid[k]))
        else $error("token_buffer: inputs %0d and %0d put threads %0d and %0d in entry %0d at once",
                    j, k, in_tid[j], in_tid[k], in_idx[k]);
    end
  end

  // Every accepted token is stored or leaves at once: one cycle after an accept that did
  // not fire through the bypass, its entry belongs to its thread, holds its operand (the
  // data too, for data inputs) and has not fired yet (a stored entry fires one cycle after
  // its last token at the earliest). Registered copies keep the check to one compare per
  // input.
  logic [INS-1:0]             chk_acc_q;
  logic [INS-1:0][TID_W-1:0]  chk_tid_q;
  logic [INS-1:0][DATA_W-1:0] chk_data_q, chk_data;
  /* verilator lint_off UNUSEDSIGNAL */  // only the data field is compared
  vgiw_cfg_pkg::token_t tok_chk;
  /* verilator lint_on UNUSEDSIGNAL */
  always_comb begin
    tok_chk = '0;
    for (int unsigned k = 0; k < INS; k++) begin
      tok_chk     = in_tok_i[k];
      chk_data[k] = tok_chk.data;
    end
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      chk_acc_q <= '0;
    end else begin
      chk_acc_q <= clear_i ? '0 : (accept & ~(byp_in & {INS{fire}}));
      for (int unsigned k = 0; k < INS; k++) begin
        chk_idx_q[k]  <= in_idx[k];
        chk_tid_q[k]  <= in_tid[k];
        chk_data_q[k] <= chk_data[k];
      end
    end
  end
  for (genvar k = 0; k < INS; k++) begin : g_stored
    logic [DATA_W-1:0] held;
    if (k < DATA_INS) begin : g_data
      assign held = chk_held[k];
    end else begin : g_ctrl
      assign held = chk_data_q[k];
    end
    a_stored: assert property (@(posedge clk_i) disable iff (!rst_ni || clear_i)
        !chk_acc_q[k] || (valid_q[chk_idx_q[k]] && entry_tid[chk_idx_q[k]] == chk_tid_q[k]
                          && present_q[chk_idx_q[k]][k] && held == chk_data_q[k]))
      else $error("token_buffer: token of thread %0d on input %0d not stored in entry %0d",
                  chk_tid_q[k], k, chk_idx_q[k]);
  end
`endif
endmodule
