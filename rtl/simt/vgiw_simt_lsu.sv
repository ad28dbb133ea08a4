// Load/store unit of the SIMT core (docs/simt.md "Memory"): the T lanes of a warp memory
// instruction on the T word ports of the banked L1 (simt_mem: rtl/mem/banked_cache, the cache
// logic of vgiw_core's L1, VGIW Table 1), one port per lane as the fabric's LDST units have one
// port each. The crossbar serves one word per bank per cycle, so lanes that address one bank are
// served one after the other (bank conflicts; the same rule as for VGIW's LDST ports); every
// lane is served by the one pass, so no lane replays (the tracker's replay path, RR-9073 §3.2,
// is not needed for memory any more).
//
// Two savings over one request per lane:
//  * loads of the word the lowest active lane (the leader) loads are not sent: those lanes take
//    the leader's word (a uniform load, e.g. a kernel argument, is one L1 access, not T);
//  * stores use the bank's byte enables, so a byte or half store is one word write, no
//    read-modify-write (cache_bank writes byte lanes).
//
// Up to S instructions are in flight (S = the L1's MSHRs per bank, so a miss in one does not
// stop the next warp's hits): one instruction at a time sends its requests (the send stage),
// the others wait for responses in their slots. The next instruction starts sending only when
// every lane of the previous one was accepted by the L1, so all requests are accepted in
// instruction order, and the L1 performs requests to one address in acceptance order
// (docs/mem.md "Ordering guarantees"): program order per thread. Two lanes of one store that
// write the same byte race (the bank's arbitration order decides), as in OpenCL.
// Results leave in instruction order (the head slot), held until taken.
module vgiw_simt_lsu #(
  parameter  int unsigned T   = vgiw_cfg_pkg::SIMT_LANES,
  parameter  int unsigned S   = vgiw_cfg_pkg::L1_MSHRS,   // instructions in flight (>= 2)
  parameter  int unsigned TGW = 8,                        // the core's tag of the instruction
  localparam int unsigned SB  = $clog2(S),
  localparam int unsigned LB  = (T > 1) ? $clog2(T) : 1
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  // one warp instruction
  input  logic                  in_valid_i,
  output logic                  in_ready_o,
  input  logic                  in_store_i,
  input  logic [2:0]            in_funct3_i,
  input  logic [T-1:0]          in_mask_i,
  input  logic [T-1:0][31:0]    in_addr_i,
  input  logic [T-1:0][31:0]    in_wdata_i,
  input  logic [TGW-1:0]        in_tag_i,
  // result, in instruction order: held until taken
  output logic                  out_valid_o,
  input  logic                  out_ready_i,
  output logic [T-1:0][31:0]    rdata_o,
  output logic [TGW-1:0]        out_tag_o,
  output logic                  busy_o,         // an instruction is in the unit
  output logic [LB:0]           inc_merged_o,   // lanes of an accepted load served by the leader's word
  // the L1's word ports, one per lane (ID = slot)
  output logic [T-1:0]          l1_req_valid_o,
  input  logic [T-1:0]          l1_req_ready_i,
  output logic [T-1:0][31:0]    l1_req_addr_o,
  output logic [T-1:0]          l1_req_write_o,
  output logic [T-1:0][31:0]    l1_req_wdata_o,
  output logic [T-1:0][3:0]     l1_req_be_o,
  output logic [T-1:0][SB-1:0]  l1_req_id_o,
  input  logic [T-1:0]          l1_rsp_valid_i,
  input  logic [T-1:0][SB-1:0]  l1_rsp_id_i,
  input  logic [T-1:0][31:0]    l1_rsp_rdata_i
);
  // ---- send stage: the instruction whose lanes are being offered to the L1 ----------------------
  logic               snd_valid_q, snd_store_q;
  logic [T-1:0]       snd_pend_q;
  logic [T-1:0][31:0] snd_addr_q, snd_wdata_q;
  logic [T-1:0][3:0]  snd_be_q;
  logic [SB-1:0]      snd_slot_q;

  // ---- slots: instructions waiting for responses, a ring from hd_q to tl_q ----------------------
  logic [S-1:0]             sl_valid_q;
  logic [S-1:0][T-1:0]      sl_wait_q, sl_follow_q;
  logic [S-1:0][LB-1:0]     sl_lead_q;
  logic [S-1:0][T-1:0][31:0] sl_word_q;
  logic [S-1:0][T-1:0][1:0] sl_lo_q;
  logic [S-1:0][2:0]        sl_f3_q;
  logic [S-1:0][TGW-1:0]    sl_tag_q;
  logic [SB-1:0]            hd_q, tl_q;

  // leader: the lowest active lane; followers: the other active lanes loading its word
  logic [LB-1:0]      lead;
  logic [T-1:0]       follow;
  logic [LB:0]        nfollow;
  /* verilator lint_off UNUSEDSIGNAL */   // bits 1:0: the comparison is by word
  logic [31:0]        lead_addr;
  /* verilator lint_on UNUSEDSIGNAL */
  always_comb begin
    lead = '0;
    lead_addr = '0;
    for (int t = T - 1; t >= 0; t--) begin
      if (in_mask_i[t]) begin
        lead = LB'(t);
        lead_addr = in_addr_i[t];
      end
    end
    nfollow = '0;
    for (int t = 0; t < T; t++) begin
      follow[t] = !in_store_i && in_mask_i[t] && LB'(t) != lead && in_addr_i[t][31:2] == lead_addr[31:2];
      nfollow = nfollow + (LB + 1)'(follow[t]);
    end
  end

  logic accept, snd_last;
  assign in_ready_o   = !snd_valid_q && !sl_valid_q[tl_q];
  assign accept       = in_valid_i && in_ready_o;
  assign inc_merged_o = accept ? nfollow : '0;
  assign snd_last     = snd_valid_q && (snd_pend_q & ~l1_req_ready_i) == '0;

  always_comb begin
    for (int t = 0; t < T; t++) begin
      l1_req_valid_o[t] = snd_valid_q && snd_pend_q[t];
      l1_req_addr_o[t]  = snd_addr_q[t];
      l1_req_write_o[t] = snd_store_q;
      l1_req_wdata_o[t] = snd_wdata_q[t];
      l1_req_be_o[t]    = snd_be_q[t];
      l1_req_id_o[t]    = snd_slot_q;
    end
  end

  // result of the head slot: byte / half / word with sign or zero extension
  always_comb begin
    for (int t = 0; t < T; t++) begin
      logic [31:0] w;
      w = sl_word_q[hd_q][t] >> (8 * sl_lo_q[hd_q][t]);
      unique case (sl_f3_q[hd_q])
        3'd0: rdata_o[t] = {{24{w[7]}}, w[7:0]};
        3'd1: rdata_o[t] = {{16{w[15]}}, w[15:0]};
        3'd4: rdata_o[t] = {24'd0, w[7:0]};
        3'd5: rdata_o[t] = {16'd0, w[15:0]};
        default: rdata_o[t] = w;
      endcase
    end
  end
  assign out_valid_o = sl_valid_q[hd_q] && sl_wait_q[hd_q] == '0;
  assign out_tag_o   = sl_tag_q[hd_q];
  assign busy_o      = snd_valid_q || (|sl_valid_q);

  // The responses of a cycle, per slot s and lane t: rsp_own, lane t's own word arrives for slot
  // s; rsp_fol, the slot's leader's word arrives and lane t follows it. Written as enables per
  // (slot, lane) rather than as writes indexed by the response's slot ID inside a loop over
  // lanes and followers: the same registers and priority (of two writes to one word the higher
  // lane's wins: the own word if t is above the leader, else the leader's; a follower sends no
  // request, so the two never meet), but T x S selects instead of T x T indexed writes of the
  // whole slot array, which Yosys's elaboration expanded into 20 MB of RTLIL for T = 32.
  logic [S-1:0][T-1:0]  rsp_own, rsp_fol;
  logic [S-1:0]         rsp_lead;
  logic [S-1:0][31:0]   rsp_lead_word;
  always_comb begin
    for (int s = 0; s < S; s++) begin
      rsp_lead[s] = 1'b0;
      rsp_lead_word[s] = '0;
      for (int t = 0; t < T; t++) begin
        rsp_own[s][t] = l1_rsp_valid_i[t] && l1_rsp_id_i[t] == SB'(s);
        if (rsp_own[s][t] && sl_lead_q[s] == LB'(t)) begin
          rsp_lead[s] = 1'b1;
          rsp_lead_word[s] = l1_rsp_rdata_i[t];
        end
      end
      for (int t = 0; t < T; t++)
        rsp_fol[s][t] = rsp_lead[s] && sl_follow_q[s][t] && !(rsp_own[s][t] && LB'(t) > sl_lead_q[s]);
    end
  end

  function automatic logic [SB-1:0] inc(input logic [SB-1:0] p);
    inc = (int'(p) == S - 1) ? '0 : p + SB'(1);
  endfunction

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      snd_valid_q <= 1'b0; snd_store_q <= 1'b0; snd_pend_q <= '0; snd_addr_q <= '0;
      snd_wdata_q <= '0; snd_be_q <= '0; snd_slot_q <= '0;
      sl_valid_q <= '0; sl_wait_q <= '0; sl_follow_q <= '0; sl_lead_q <= '0; sl_word_q <= '0;
      sl_lo_q <= '0; sl_f3_q <= '0; sl_tag_q <= '0; hd_q <= '0; tl_q <= '0;
    end else begin
      // requests accepted by the L1
      snd_pend_q <= snd_pend_q & ~l1_req_ready_i;
      if (snd_last) snd_valid_q <= 1'b0;
      // responses (a port takes one per cycle, always): rsp_own / rsp_fol above
      for (int s = 0; s < S; s++) begin
        for (int t = 0; t < T; t++) begin
          if (rsp_fol[s][t]) begin
            sl_word_q[s][t] <= rsp_lead_word[s];
            sl_wait_q[s][t] <= 1'b0;
          end else if (rsp_own[s][t]) begin
            sl_word_q[s][t] <= l1_rsp_rdata_i[t];
            sl_wait_q[s][t] <= 1'b0;
          end
        end
      end
      // result taken
      if (out_valid_o && out_ready_i) begin
        sl_valid_q[hd_q] <= 1'b0;
        hd_q <= inc(hd_q);
      end
      // a new instruction: into the send stage and the tail slot
      if (accept) begin
        snd_valid_q <= 1'b1;
        snd_store_q <= in_store_i;
        snd_pend_q  <= in_mask_i & ~follow;
        snd_slot_q  <= tl_q;
        for (int t = 0; t < T; t++) begin
          snd_addr_q[t]  <= in_addr_i[t];
          snd_wdata_q[t] <= in_wdata_i[t] << (8 * in_addr_i[t][1:0]);
          unique case (in_funct3_i[1:0])
            2'd0:    snd_be_q[t] <= 4'b0001 << in_addr_i[t][1:0];
            2'd1:    snd_be_q[t] <= 4'b0011 << in_addr_i[t][1:0];
            default: snd_be_q[t] <= 4'b1111;
          endcase
          sl_lo_q[tl_q][t] <= in_addr_i[t][1:0];
        end
        sl_valid_q[tl_q]  <= 1'b1;
        sl_wait_q[tl_q]   <= in_mask_i;
        sl_follow_q[tl_q] <= follow;
        sl_lead_q[tl_q]   <= lead;
        sl_f3_q[tl_q]     <= in_funct3_i;
        sl_tag_q[tl_q]    <= in_tag_i;
        tl_q <= inc(tl_q);
      end
    end
  end

`ifndef SYNTHESIS
  a_lanes: assert property (@(posedge clk_i) disable iff (!rst_ni) !(in_valid_i && in_ready_o && in_mask_i == '0))
    else $error("simt_lsu: instruction without lanes");
  for (genvar t = 0; t < T; t++) begin : g_a_rsp
    a_rsp_awaited: assert property (@(posedge clk_i) disable iff (!rst_ni)
        !l1_rsp_valid_i[t] || (sl_valid_q[l1_rsp_id_i[t]] && sl_wait_q[l1_rsp_id_i[t]][t]))
      else $error("simt_lsu: lane %0d: response for slot %0d not awaited", t, l1_rsp_id_i[t]);
  end
`endif
endmodule
