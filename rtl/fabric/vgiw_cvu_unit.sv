// Control vector unit (VGIW §2, §3.2, §3.5): the entry and exit of a graph replica.
//   Injection: takes thread batches <base thread ID, 64-bit bitmap> from the BBS and
//   injects one thread per cycle, in increasing thread-ID order (which the epoch rule of
//   docs/fabric.md relies on), as a token on out0 (and on out1 if enabled). Each output
//   carries the value its configuration selects (imm[3:0] for out0, imm[7:4] for out1,
//   vgiw_fu_pkg::cvu_src_e): the linear global ID tile_base_i + thread ID, or one of the thread's
//   coordinates (global, local or group ID per dimension, its work-group's __local base),
//   computed without a divider by cvu_coords from the NDRange geometry geom_i (VGIW §2).
//   Collection: in0 receives one token per thread at the end of the block; data bit 0 is
//   the branch outcome (which of the block's two successors). When every thread of a
//   batch has reported, the unit reports <base, mask, taken> to the BBS, which turns it
//   into the two successor packets (taken = successor 1, mask & ~taken = successor 0).
// Up to BATCHES batches are in flight; a batch is accepted when a slot is free.
module vgiw_cvu_unit #(
  localparam int unsigned GW = vgiw_cfg_pkg::DESC_W_LOCAL_SPAN - vgiw_cfg_pkg::DESC_W_LSIZE0 + 1
) (
  input  logic                                       clk_i,
  input  logic                                       rst_ni,
  input  logic                                       clear_i,
  input  logic                                       cfg_shift_i,   // configuration shift (cvu_coords' setup)
  input  vgiw_cfg_pkg::unit_cfg_t                    cfg_i,
  input  logic [3:0]                                 in_valid_i,
  input  logic [3:0][vgiw_cfg_pkg::TOKEN_BITS-1:0]   in_tok_i,
  output logic [3:0]                                 in_ready_o,
  output logic [1:0]                                 out_valid_o,
  output logic [1:0][vgiw_cfg_pkg::TOKEN_BITS-1:0]   out_tok_o,
  input  logic [1:0]                                 out_ready_i,
  output logic                                       busy_o,
  output logic                                       fire_o,
  // batches from the BBS
  input  logic [31:0]                                tile_base_i,
  input  logic [GW-1:0][31:0]                        geom_i,      // descriptor words LSIZE0 .. LOCAL_SPAN
  input  logic                                       cvu_batch_valid_i,
  output logic                                       cvu_batch_ready_o,
  input  logic [vgiw_cfg_pkg::CVU_BATCH_BITS-1:0]    cvu_batch_i,   // bundles of arch/formats.toml
  // finished batches to the BBS
  output logic                                       cvu_done_valid_o,
  input  logic                                       cvu_done_ready_i,
  output logic [vgiw_cfg_pkg::CVU_DONE_BITS-1:0]     cvu_done_o,
  output logic                                       error_o       // sticky: outcome for an unknown thread
);
  localparam int unsigned TID_W = vgiw_cfg_pkg::DATAPATH_TID_BITS;
  localparam int unsigned K     = vgiw_cfg_pkg::FABRIC_CVU_BATCHES;
  localparam int unsigned KW    = (K > 1) ? $clog2(K) : 1;

  // ---- batch table -------------------------------------------------------------------
  logic [K-1:0]             slot_valid_q;
  logic [K-1:0][TID_W-1:0]  slot_base_q;
  logic [K-1:0][63:0]       slot_mask_q, slot_seen_q, slot_taken_q;

  logic          free_found;
  logic [KW-1:0] free_idx;
  always_comb begin
    free_found = 1'b0;
    free_idx   = '0;
    for (int unsigned k = 0; k < K; k++) begin
      if (!slot_valid_q[k] && !free_found) begin
        free_found = 1'b1;
        free_idx   = KW'(k);
      end
    end
  end

  // ---- injection ---------------------------------------------------------------------
  logic             inj_valid, inj_ready, coord_ready;
  logic [TID_W-1:0] inj_tid;
  logic [31:0]      inj_data0, inj_data1;

  vgiw_cfg_pkg::cvu_batch_t batch;
  assign batch             = cvu_batch_i;
  assign cvu_batch_ready_o = free_found && coord_ready && !clear_i;
  logic batch_take;
  assign batch_take        = cvu_batch_valid_i && cvu_batch_ready_o;

  vgiw_cvu_coords u_coords (
    .clk_i, .rst_ni, .clear_i, .cfg_shift_i, .geom_i, .tile_base_i,
    .sel0_i        (cfg_i.imm[3:0]),
    .sel1_i        (cfg_i.imm[7:4]),
    .batch_valid_i (cvu_batch_valid_i && free_found),
    .batch_ready_o (coord_ready),
    .batch_base_i  (batch.base),
    .batch_mask_i  (batch.mask),
    .thr_valid_o   (inj_valid),
    .thr_ready_i   (inj_ready),
    .thr_tid_o     (inj_tid),
    .thr_data0_o   (inj_data0),
    .thr_data1_o   (inj_data1)
  );

  vgiw_cfg_pkg::token_t inj_tok0, inj_tok1;
  assign inj_tok0.ctrl = 1'b0;
  assign inj_tok0.tid  = inj_tid;
  assign inj_tok0.data = inj_data0;
  assign inj_tok1.ctrl = 1'b0;
  assign inj_tok1.tid  = inj_tid;
  assign inj_tok1.data = inj_data1;

  vgiw_stream_fork #(.N(2)) u_inject_fork (
    .clk_i, .rst_ni, .clear_i,
    .valid_i  (inj_valid),
    .ready_o  (inj_ready),
    .enable_i ({cfg_i.out1_en, 1'b1}),
    .valid_o  (out_valid_o),
    .ready_i  (out_ready_i)
  );
  assign out_tok_o[0] = inj_tok0;
  assign out_tok_o[1] = inj_tok1;
  assign fire_o       = inj_valid && inj_ready;

  // ---- outcome collection --------------------------------------------------------------
  vgiw_cfg_pkg::token_t res_tok;
  assign res_tok = in_tok_i[0];
  logic          res_valid, res_found;
  logic [KW-1:0] res_idx;
  logic [5:0]    res_bit;

  assign res_valid = in_valid_i[0] && cfg_i.in_sel[3:0] != 4'd0;
  always_comb begin
    res_found = 1'b0;
    res_idx   = '0;
    res_bit   = '0;
    for (int unsigned k = 0; k < K; k++) begin
      logic [TID_W-1:0] off;
      off = res_tok.tid - slot_base_q[k];
      if (slot_valid_q[k] && off < TID_W'(64) && slot_mask_q[k][off[5:0]] && !slot_seen_q[k][off[5:0]]
          && !res_found) begin
        res_found = 1'b1;
        res_idx   = KW'(k);
        res_bit   = off[5:0];
      end
    end
  end
  // Outcomes are always taken: an unknown thread is a fault, flagged and dropped.
  assign in_ready_o = 4'b0001;

  // ---- finished batches ----------------------------------------------------------------
  // A batch is finished in the cycle its last outcome arrives: the outcome of this cycle is
  // counted into the slot's seen and taken bits here, not only after the clock edge (issue 17:
  // one register stage less between the block's last thread and the BBS's next block).
  logic [63:0]          res_onehot;
  logic [K-1:0][63:0]   seen_now, taken_now;
  always_comb begin
    for (int unsigned k = 0; k < K; k++) begin
      seen_now[k]  = slot_seen_q[k];
      taken_now[k] = slot_taken_q[k];
      if (res_valid && res_found && res_idx == KW'(k)) begin
        seen_now[k] = seen_now[k] | res_onehot;
        if (res_tok.data[0]) taken_now[k] = taken_now[k] | res_onehot;
      end
    end
  end
  logic          done_found;
  logic [KW-1:0] done_idx;
  always_comb begin
    done_found = 1'b0;
    done_idx   = '0;
    for (int unsigned k = 0; k < K; k++) begin
      if (slot_valid_q[k] && seen_now[k] == slot_mask_q[k] && !done_found) begin
        done_found = 1'b1;
        done_idx   = KW'(k);
      end
    end
  end
  assign cvu_done_valid_o = done_found;
  // The table is read and written through decoded selects, not at a variable index (Yosys
  // turns an indexed packed array into shifters over all of it: docs/fabric-units/cvu.md "Area").
  vgiw_cfg_pkg::cvu_done_t done;
  always_comb begin
    done.base  = '0;
    done.mask  = '0;
    done.taken = '0;
    for (int unsigned k = 0; k < K; k++) begin
      if (done_idx == KW'(k)) begin
        done.base  = slot_base_q[k];
        done.mask  = slot_mask_q[k];
        done.taken = taken_now[k];
      end
    end
  end
  assign cvu_done_o = done;
  assign res_onehot = 64'(1) << res_bit;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      slot_valid_q <= '0;
      slot_base_q  <= '0;
      slot_mask_q  <= '0;
      slot_seen_q  <= '0;
      slot_taken_q <= '0;
      error_o      <= 1'b0;
    end else if (clear_i) begin
      slot_valid_q <= '0;
      error_o      <= 1'b0;
    end else begin
      if (res_valid && !res_found) error_o <= 1'b1;
      for (int unsigned k = 0; k < K; k++) begin
        if (cvu_done_valid_o && cvu_done_ready_i && done_idx == KW'(k)) slot_valid_q[k] <= 1'b0;
        slot_seen_q[k]  <= seen_now[k];
        slot_taken_q[k] <= taken_now[k];
        if (batch_take && free_idx == KW'(k)) begin
          slot_valid_q[k] <= 1'b1;
          slot_base_q[k]  <= batch.base;
          slot_mask_q[k]  <= batch.mask;
          slot_seen_q[k]  <= '0;
          slot_taken_q[k] <= '0;
        end
      end
    end
  end

  assign busy_o = |slot_valid_q;

  // Only in0 (outcomes) is an input; constants, imm[31:8] and op are not used.
  logic unused;
  assign unused = ^in_valid_i[3:1] ^ ^cfg_i.in_sel[15:4] ^ ^cfg_i.op ^ ^cfg_i.imm[31:8] ^ ^cfg_i.const_a
                ^ ^cfg_i.const_b ^ ^cfg_i.in_const ^ ^cfg_i.reserved ^ ^in_tok_i[3:1] ^ res_tok.ctrl;

`ifndef SYNTHESIS
  // Threads must be injected in increasing ID order (docs/fabric.md, epochs).
  logic [TID_W-1:0] last_tid_q;
  logic             injected_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      injected_q <= 1'b0;
      last_tid_q <= '0;
    end else if (clear_i) begin
      injected_q <= 1'b0;
    end else if (fire_o) begin
      injected_q <= 1'b1;
      last_tid_q <= inj_tid;
    end
  end
  a_increasing: assert property (@(posedge clk_i) disable iff (!rst_ni || clear_i)
      !(fire_o && injected_q && inj_tid <= last_tid_q))
    else $error("cvu_unit: thread %0d injected after thread %0d", inj_tid, last_tid_q);
  a_known: assert property (@(posedge clk_i) disable iff (!rst_ni || clear_i) !(res_valid && !res_found))
    else $error("cvu_unit: outcome for thread %0d that no batch holds", res_tok.tid);
`endif
endmodule
