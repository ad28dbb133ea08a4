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
  // a batch's base is a multiple of 64 (arch/formats.toml cvu_batch): only its upper bits are
  // kept, and a thread's slot is found by comparing them, its bit is its ID's six low bits
  localparam int unsigned HW = TID_W - 6;
  logic [K-1:0][HW-1:0]     slot_base_q;
  // pending: threads of the mask whose outcome has not arrived (mask & ~seen), kept instead of
  // the seen bits so that the lookup reads one vector and "finished" is a zero test, not a
  // 64-bit compare with the mask (issue 22)
  logic [K-1:0][63:0]       slot_mask_q, slot_pend_q, slot_taken_q;

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
  logic [K-1:0]  res_hit;                       // one-hot: the slot of this cycle's outcome
  logic [63:0]   res_onehot;                    // its bit in the slot
  assign res_valid = in_valid_i[0] && cfg_i.in_sel[3:0] != 4'd0;
  // Slots and bits are decoded once and combined by AND-OR, never indexed: an indexed bit
  // select and a mux at a computed slot number became wide-LUT trees (issue 22).
  always_comb begin
    for (int unsigned i = 0; i < 64; i++) res_onehot[i] = res_tok.tid[5:0] == 6'(i);
  end
  always_comb begin
    res_found = 1'b0;
    res_hit   = '0;
    for (int unsigned k = 0; k < K; k++) begin
      if (slot_valid_q[k] && res_tok.tid[TID_W-1:6] == slot_base_q[k]
          && |(slot_pend_q[k] & res_onehot) && !res_found) begin
        res_found  = 1'b1;
        res_hit[k] = res_valid;
      end
    end
  end
  // Outcomes are always taken: an unknown thread is a fault, flagged and dropped.
  assign in_ready_o = 4'b0001;

  // ---- finished batches ----------------------------------------------------------------
  // A batch is finished in the cycle its last outcome arrives: the outcome of this cycle is
  // taken out of the slot's pending bits and into its taken bits here, not only after the
  // clock edge (issue 17: one register stage less between the block's last thread and the
  // BBS's next block).
  logic [K-1:0][63:0]   pend_now, taken_now;
  always_comb begin
    for (int unsigned k = 0; k < K; k++) begin
      pend_now[k]  = slot_pend_q[k] & ~(res_hit[k] ? res_onehot : 64'd0);
      taken_now[k] = slot_taken_q[k] | (res_hit[k] && res_tok.data[0] ? res_onehot : 64'd0);
    end
  end
  logic [K-1:0]  done_hot;                      // one-hot: the first finished slot
  always_comb begin
    logic found;
    found    = 1'b0;
    done_hot = '0;
    for (int unsigned k = 0; k < K; k++) begin
      if (slot_valid_q[k] && pend_now[k] == '0 && !found) begin
        found       = 1'b1;
        done_hot[k] = 1'b1;
      end
    end
  end
  assign cvu_done_valid_o = |done_hot;
  // The done packet: the finished slot's registers, AND-OR selected by the one-hot (fewer LUT4s
  // than a mux at the slot number), plus this cycle's outcome when it is the slot's last one
  // (the bits of taken_now, without a mux over the computed vectors).
  vgiw_cfg_pkg::cvu_done_t done;
  always_comb begin
    done.base  = '0;
    done.mask  = '0;
    done.taken = (|(done_hot & res_hit) && res_tok.data[0]) ? res_onehot : 64'd0;
    for (int unsigned k = 0; k < K; k++) begin
      if (done_hot[k]) begin
        done.base  = done.base | {slot_base_q[k], 6'd0};
        done.mask  = done.mask | slot_mask_q[k];
        done.taken = done.taken | slot_taken_q[k];
      end
    end
  end
  assign cvu_done_o = done;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      slot_valid_q <= '0;
      slot_base_q  <= '0;
      slot_mask_q  <= '0;
      slot_pend_q  <= '0;
      slot_taken_q <= '0;
      error_o      <= 1'b0;
    end else if (clear_i) begin
      slot_valid_q <= '0;
      error_o      <= 1'b0;
    end else begin
      if (res_valid && !res_found) error_o <= 1'b1;
      for (int unsigned k = 0; k < K; k++) begin
        if (done_hot[k] && cvu_done_ready_i) slot_valid_q[k] <= 1'b0;
        slot_pend_q[k]  <= pend_now[k];
        slot_taken_q[k] <= taken_now[k];
        if (batch_take && free_idx == KW'(k)) begin
          slot_valid_q[k] <= 1'b1;
          slot_base_q[k]  <= batch.base[TID_W-1:6];
          slot_mask_q[k]  <= batch.mask;
          slot_pend_q[k]  <= batch.mask;
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
  initial begin
    if (TID_W <= 6)
      $error("cvu_unit: datapath.tid_bits = %0d, a batch of 64 threads needs more than 6", TID_W);
  end
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
  a_aligned: assert property (@(posedge clk_i) disable iff (!rst_ni || clear_i)
      !(batch_take && batch.base[5:0] != '0))
    else $error("cvu_unit: batch base %0d is not a multiple of 64", batch.base);
  a_known: assert property (@(posedge clk_i) disable iff (!rst_ni || clear_i) !(res_valid && !res_found))
    else $error("cvu_unit: outcome for thread %0d that no batch holds", res_tok.tid);
`endif
endmodule
