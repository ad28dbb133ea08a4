// Token epochs: which entries of a unit's token buffer hold a thread, and that thread's
// epoch (thread ID without its low IDX_W bits). The reordering units need it for the
// thread-epoch gate (SGMF §4.1, docs/fabric.md): a finished thread may leave only if no
// thread of an older epoch is still in the unit, and a thread that waits in the token
// buffer (for an operand, or for its reservation entry) counts.
//
// token_buffer keeps this state but does not export it, so this module mirrors it from
// the token buffer's ports: an entry becomes occupied when a token is accepted for it,
// and free when the token buffer fires it. The token buffer never accepts a token for
// the entry it fires in the same cycle (a firing entry has all its inputs, and a free
// entry is not firing), so the mirror is exact. Only the epoch is stored: the index of
// the entry is the rest of the thread ID.
module token_epochs #(
  parameter int unsigned DEPTH = vgiw_cfg_pkg::FABRIC_TOKEN_BUFFER_DEPTH,
  parameter int unsigned INS   = 4
) (
  input  logic                          clk_i,
  input  logic                          rst_ni,
  input  logic                          clear_i,
  input  logic [INS-1:0]                accept_i,    // token k accepted by the token buffer
  input  logic [INS-1:0][vgiw_cfg_pkg::TOKEN_BITS-1:0] tok_i,
  input  logic                          release_i,   // the token buffer fired an entry
  input  logic [$clog2(DEPTH)-1:0]      release_idx_i, // ... this one (thread ID mod DEPTH)
  output logic [DEPTH-1:0]              valid_o,
  output logic [DEPTH-1:0][vgiw_cfg_pkg::DATAPATH_TID_BITS-$clog2(DEPTH)-1:0] epoch_o
);
  localparam int unsigned TID_W = vgiw_cfg_pkg::DATAPATH_TID_BITS;
  localparam int unsigned IW    = $clog2(DEPTH);
  localparam int unsigned EW    = TID_W - IW;

  logic [DEPTH-1:0]         valid_q;
  logic [DEPTH-1:0][EW-1:0] epoch_q;

  logic [INS-1:0][IW-1:0]   in_idx;
  logic [INS-1:0][EW-1:0]   in_epoch;
  // Member selects on an indexed struct array mis-synthesize in Yosys (docs/sv-subset.md):
  // copy each token first; only its thread ID is used.
  /* verilator lint_off UNUSEDSIGNAL */
  vgiw_cfg_pkg::token_t     tok;
  /* verilator lint_on UNUSEDSIGNAL */

  always_comb begin
    tok = '0;
    for (int unsigned k = 0; k < INS; k++) begin
      tok         = tok_i[k];
      in_idx[k]   = tok.tid[IW-1:0];
      in_epoch[k] = tok.tid[TID_W-1:IW];
    end
  end

  logic [IW-1:0] rel_idx;
  assign rel_idx = release_idx_i;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q <= '0;
      epoch_q <= '0;
    end else if (clear_i) begin
      valid_q <= '0;
    end else begin
      if (release_i) valid_q[rel_idx] <= 1'b0;
      for (int unsigned k = 0; k < INS; k++) begin
        if (accept_i[k]) begin
          valid_q[in_idx[k]] <= 1'b1;
          epoch_q[in_idx[k]] <= in_epoch[k];
        end
      end
    end
  end

  assign valid_o = valid_q;
  assign epoch_o = epoch_q;

`ifndef SYNTHESIS
  initial begin
    assert (DEPTH >= 2 && (1 << IW) == DEPTH)
      else $fatal(1, "token_epochs: DEPTH must be a power of two >= 2");
  end
  // The release of an entry and a new token for it never meet in one cycle (see above).
  for (genvar k = 0; k < INS; k++) begin : g_assert
    a_no_accept_on_release: assert property (@(posedge clk_i) disable iff (!rst_ni || clear_i)
        !(release_i && accept_i[k] && in_idx[k] == rel_idx))
      else $error("token_epochs: entry %0d accepted a token while firing", rel_idx);
  end
`endif
endmodule
