// Dispatch and done merge of the basic block scheduler (VGIW §3.2, Fig. 5; docs/ctrl.md).
// Dispatch: the running block's CVT words are read in order, each non-empty one held as a batch
// <base, bitmap> (the bitmap in the CVT's read register, vgiw_cvt) and offered to one ready CVU of the block's replicas (VGIW §3.5:
// a replica per CVU), round-robin. Done merge: the CVUs' done packets are accepted one at a time,
// round-robin, and merged into the CVT as they are accepted: the taken threads into successor 1,
// the others into successor 0 (no successor: they retire), one merge per cycle, so a packet whose
// threads went both ways holds the second half for one more cycle (issue 17: no register stage
// between a CVU's done packet and the CVT, no cycle for an empty half). The count of batches not
// yet back tells the scheduler when the block has drained; drained_o rises in the cycle the last
// packet is merged (the scheduler sees that merge with the CVT summary, docs/ctrl.md "Turnaround").
// The last word of the tile is split over the block's replicas when the tile has fewer words
// than the block has replicas: it is
// sent a 16-thread lane at a time (its lowest non-empty lane first), each lane a batch of its
// own, so that an execution of at most 64 threads does not run on one replica while the others
// idle (docs/ctrl.md "Dispatch"; issue 17: streamcluster's 309 executions of one word each).
module vgiw_bbs_dispatch #(
  localparam int unsigned TID_W = vgiw_cfg_pkg::DATAPATH_TID_BITS,
  localparam int unsigned NC    = vgiw_cfg_pkg::UNITS_CVU,
  localparam int unsigned MAXB  = vgiw_cfg_pkg::BBS_MAX_BLOCKS,
  localparam int unsigned WORDS = vgiw_cfg_pkg::CVT_BITS / vgiw_cfg_pkg::CVT_WORD_BITS,
  localparam int unsigned AW    = (WORDS > 1) ? $clog2(WORDS) : 1,
  localparam int unsigned TW    = $clog2(WORDS + 1),
  localparam int unsigned BW    = (MAXB > 1) ? $clog2(MAXB) : 1,
  localparam int unsigned SB    = vgiw_cfg_pkg::BT_SUCC_BITS
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  // scheduler
  input  logic                      run_start_i,     // the block enters its run: scan from word 0
  input  logic                      run_i,           // the block runs: scan its words
  input  logic                      preload_i,       // the block's last shift cycle: read its first word
  input  logic                      err_i,           // an error stopped the kernel: dispatch nothing
  input  logic [TW-1:0]             used_words_i,    // words holding the tile's threads
  input  logic [NC-1:0]             cvu_i,           // the running block's CVUs (block table)
  input  logic [SB-1:0]             succ0_i,         // its successors (block table): not taken,
  input  logic [SB-1:0]             succ1_i,         //   taken
  input  logic [AW-1:0]             succ0_base_i,    // their first CVT words (block table)
  input  logic [AW-1:0]             succ1_base_i,
  output logic                      drained_o,       // scan done, no batch held or outstanding
  output logic                      idle_o,          // no batch outstanding, no done packet held
  // CVT read port (the running block's words) and merge requests
  output logic                      cvt_rd_valid_o,  // read (and reset) the word: the batch's next
  output logic [AW-1:0]             cvt_rd_word_o,
  input  logic                      cvt_rd_live_i,   // the word holds threads
  input  logic [63:0]               cvt_rd_data_i,   // the last read's threads (from the next cycle)
  output logic                      merge_valid_o,
  output logic [BW-1:0]             merge_block_o,
  output logic [AW-1:0]             merge_base_o,    // the block's first CVT word
  output logic [AW-1:0]             merge_word_o,
  output logic [63:0]               merge_bits_o,
  // CVUs (bundles cvu_batch / cvu_done of arch/formats.toml)
  output logic [NC-1:0]             cvu_batch_valid_o,
  input  logic [NC-1:0]             cvu_batch_ready_i,
  output logic [NC-1:0][vgiw_cfg_pkg::CVU_BATCH_BITS-1:0] cvu_batch_o,
  input  logic [NC-1:0]             cvu_done_valid_i,
  output logic [NC-1:0]             cvu_done_ready_o,
  input  logic [NC-1:0][vgiw_cfg_pkg::CVU_DONE_BITS-1:0]  cvu_done_i,
  // events for the counters
  output logic                      ev_batch_o,      // a batch left (its bitmap: ev_batch_mask_o)
  output logic [63:0]               ev_batch_mask_o,
  output logic                      ev_stall_ready_o, // a batch is held, no CVU of the block ready
  output logic                      ev_stall_drain_o, // scan done, waiting for batches to return
  output logic                      ev_retire_o,     // threads retire (ev_retire_bits_o)
  output logic [63:0]               ev_retire_bits_o
);
  localparam int unsigned NCW = (NC > 1) ? $clog2(NC) : 1;
  localparam logic [SB-1:0] SUCC_NONE = vgiw_cfg_pkg::BT_SUCC_NONE;

  logic [TW-1:0]    scan_w_q;
  logic             bat_vld_q;
  logic [TID_W-1:0] bat_base_q;
  logic [63:0]      bat_mask;                      // the held word's threads not yet sent
  logic [3:0]       bat_sent_q;                    // its 16-thread lanes already sent
  logic             bat_split_q;                   // the held word leaves a lane at a time
  logic [63:0]      lane, send_mask;
  logic             more, multi;
  logic [15:0]      outstanding_q;
  // done packets: the taken threads merge into successor 1, mask & ~taken into successor 0, the
  // first non-empty half in the cycle the packet is accepted; a second non-empty half (always
  // successor 0's) is held here and merged in the next cycle
  logic             dn_vld_q;
  logic [TID_W-1:0] dn_base_q;
  logic [63:0]      dn_rest_q;

  logic [NCW-1:0] pick, dn_pick;
  logic           pick_vld, dn_pick_vld, bat_fire, scan_done, bat_load, dn_accept;
  logic           dn_act, dn_fin, dn_hold, dn_to0;
  logic [SB-1:0]  dn_dest;
  logic [AW-1:0]  dn_dest_base;
  logic [63:0]    dn_bits, dn_in_rest;
  logic [TID_W-1:0] dn_base;

  // a batch goes to the first ready CVU of the block at or after the pointer (docs/ctrl.md)
  vgiw_rr_arbiter #(.N(NC), .HOLD(1'b0)) u_batch_rr (
    .clk_i, .rst_ni,
    .req_i   (cvu_i & cvu_batch_ready_i),
    .ready_i (bat_vld_q && !err_i),
    .valid_o (pick_vld),
    .idx_o   (pick)
  );

  // the held word: the CVT's read register, holding the last read's threads, less the lanes
  // sent (a batch register of its own would be a second copy of the word)
  always_comb begin
    bat_mask = cvt_rd_data_i;
    for (int l = 0; l < 4; l++)
      if (bat_sent_q[l]) bat_mask[16*l +: 16] = '0;
  end
  // the lowest non-empty 16-thread lane of the held word
  always_comb begin
    lane = '0;
    for (int l = 3; l >= 0; l--)
      if (bat_mask[16*l +: 16] != '0) lane = 64'hFFFF << (16 * l);
  end
  // split only when the tile has fewer words than the block has replicas: otherwise the
  // words already keep every replica busy, and the extra batches cost done-packet cycles
  logic [7:0] nrep;
  always_comb begin
    nrep = '0;
    for (int i = 0; i < NC; i++) nrep = nrep + 8'(cvu_i[i]);
  end
  assign multi     = nrep > 8'd1 && 32'(used_words_i) < 32'(nrep);
  assign send_mask = bat_split_q ? (bat_mask & lane) : bat_mask;
  assign more      = bat_split_q && (bat_mask & ~lane) != '0;

  assign bat_fire  = bat_vld_q && pick_vld && !err_i;
  assign scan_done = scan_w_q >= used_words_i;
  // the first word is read in the block's last configuration shift cycle, so its batch leaves
  // in the first cycle of the run (issue 17, docs/ctrl.md "Turnaround")
  assign bat_load  = (run_i || preload_i) && !scan_done && !err_i && (!bat_vld_q || (bat_fire && !more));

  vgiw_cfg_pkg::cvu_batch_t bat;
  assign bat.base = bat_base_q;
  assign bat.mask = send_mask;
  for (genvar i = 0; i < NC; i++) begin : g_batch
    assign cvu_batch_valid_o[i] = bat_fire && (pick == NCW'(i));
    assign cvu_batch_o[i]       = bat;
  end

  assign cvt_rd_valid_o = bat_load;
  assign cvt_rd_word_o  = AW'(scan_w_q);

  // done packets: one accepted at a time, round-robin over the CVUs, while no half is held
  vgiw_rr_arbiter #(.N(NC), .HOLD(1'b0)) u_done_rr (
    .clk_i, .rst_ni,
    .req_i   (cvu_done_valid_i),
    .ready_i (!dn_vld_q),
    .valid_o (dn_pick_vld),
    .idx_o   (dn_pick)
  );
  vgiw_cfg_pkg::cvu_done_t dn_in;
  assign dn_in      = cvu_done_i[dn_pick];
  assign dn_accept  = dn_pick_vld && !dn_vld_q;
`ifdef VGIW_FAULT_BBS_BOTH_SUCCESSORS
  // fault for the test that shows the CVT's one-vector assertion fires (tb/ctrl/bbs.mk):
  // the not-taken successor also gets the taken threads
  assign dn_in_rest = dn_in.mask;
`else
  assign dn_in_rest = dn_in.mask & ~dn_in.taken;
`endif
  for (genvar i = 0; i < NC; i++) begin : g_done
    assign cvu_done_ready_o[i] = dn_accept && (dn_pick == NCW'(i));
  end
  // this cycle's merge: the held half, else the accepted packet's taken threads (successor 1)
  // or, when none were taken, its others (successor 0)
  assign dn_act  = dn_vld_q || dn_accept;
  assign dn_hold = dn_accept && dn_in.taken != '0 && dn_in_rest != '0;
  assign dn_fin  = dn_vld_q || (dn_accept && !dn_hold);      // a packet is wholly merged
  assign dn_base = dn_vld_q ? dn_base_q : dn_in.base;
  assign dn_to0  = dn_vld_q || dn_in.taken == '0;
  assign dn_dest = dn_to0 ? succ0_i : succ1_i;
  assign dn_dest_base = dn_to0 ? succ0_base_i : succ1_base_i;
  assign dn_bits = dn_vld_q ? dn_rest_q : (dn_in.taken != '0) ? dn_in.taken : dn_in_rest;

  assign merge_valid_o = dn_act && !err_i && dn_dest != SUCC_NONE && dn_bits != '0;
  assign merge_block_o = BW'(dn_dest);
  assign merge_base_o  = dn_dest_base;
  assign merge_word_o  = AW'(dn_base >> 6);
  assign merge_bits_o  = dn_bits;

  // drained in the cycle the last outstanding packet is wholly merged (no batch can fire then:
  // the scan is done and none is held)
  assign drained_o = scan_done && !bat_vld_q && !dn_hold && outstanding_q == 16'(dn_fin);
  assign idle_o    = outstanding_q == '0 && !dn_vld_q;

  assign ev_batch_o       = bat_fire;
  assign ev_batch_mask_o  = send_mask;
  assign ev_stall_ready_o = run_i && bat_vld_q && !pick_vld;
  assign ev_stall_drain_o = run_i && scan_done && !bat_vld_q && !drained_o;
  assign ev_retire_o      = dn_act && dn_dest == SUCC_NONE;
  assign ev_retire_bits_o = dn_bits;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      scan_w_q      <= '0;
      bat_vld_q     <= 1'b0;
      bat_base_q    <= '0;
      bat_sent_q    <= '0;
      bat_split_q   <= 1'b0;
      outstanding_q <= '0;
      dn_vld_q      <= 1'b0;
      dn_base_q     <= '0;
      dn_rest_q     <= '0;
    end else begin
      // run entry: restart the scan (also after a loop back to the same block)
      if (run_start_i)   scan_w_q <= '0;
      else if (bat_load) scan_w_q <= scan_w_q + TW'(1);

      if (bat_load) begin
        bat_vld_q   <= cvt_rd_live_i;
        bat_base_q  <= TID_W'({scan_w_q, 6'd0});
        bat_sent_q  <= '0;
        bat_split_q <= multi && {1'b0, scan_w_q} + (TW+1)'(1) >= {1'b0, used_words_i};
      end else if (bat_fire && more) begin
        for (int l = 0; l < 4; l++)
          if (lane[16*l]) bat_sent_q[l] <= 1'b1;
      end else if (bat_fire || err_i) begin
        bat_vld_q <= 1'b0;
      end

      if (dn_hold) begin
        dn_vld_q  <= 1'b1;
        dn_base_q <= dn_in.base;
        dn_rest_q <= dn_in_rest;
      end else if (dn_vld_q) begin
        dn_vld_q <= 1'b0;
      end
      outstanding_q <= outstanding_q + 16'(bat_fire) - 16'(dn_fin);
    end
  end

`ifndef SYNTHESIS
  a_batch_stable: assert property (@(posedge clk_i) disable iff (!rst_ni)
      !(bat_vld_q && bat_mask == '0))
    else $error("bbs: empty batch");
  a_outstanding: assert property (@(posedge clk_i) disable iff (!rst_ni)
      !(dn_fin && outstanding_q == '0 && !bat_fire))
    else $error("bbs: done packet without an outstanding batch");
`endif
endmodule
