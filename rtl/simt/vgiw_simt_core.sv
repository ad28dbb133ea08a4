// The SIMT baseline core (issue 20; docs/simt.md): W warps x T lanes executing RV32IMF, the
// von Neumann GPGPU the VGIW paper compares against (VGIW §5), organised as Simty (Collange &
// Brunie, RR-9073 §3, Fig. 2): in order, one divergence tracker per warp (sorted path list, RR-9073
// §3.2, or per-thread PC arbiter, RR-9073 §3.1; simt.tracker), one instruction issued per cycle
// from a ready warp chosen round-robin. A converged warp issues its instructions back to back
// under a per-warp register scoreboard until a control instruction (docs/simt.md "Pipeline");
// loads and stores go through the banked L1 (simt_mem, simt_lsu).
//
// Stages: ISSUE (pick a warp, read its path from the tracker, fetch from the instruction cache,
// decode, read the T lanes' integer or FP registers) -> one of four units: the T-lane int_alu
// pipeline (integer, branches, jumps, CSRs, FP moves and sign/class bit operations), the T-lane
// fp_fma pipeline (FADD/FSUB/FMUL and the fused multiply-adds), the long unit (int_div, MULHSU,
// fp_divsqrt, fp_cmp, fp_cvt per lane) or the load/store unit (one L1 word port per lane)
// -> WRITEBACK (one per cycle: register write of
// the lanes that complete, and the commit of the path's outcome to the warp's tracker).
// The host register interface is that of vgiw_core (arch/core.toml [registers]).
module vgiw_simt_core #(
  // divergence tracker (simt.tracker): a parameter so one preset can build both for comparison
  parameter  int unsigned TRACKER = vgiw_cfg_pkg::SIMT_TRACKER,
  // 1: a converged warp issues ahead of its tracker under the scoreboard; 0: one instruction per
  // warp in flight (every instruction commits), docs/simt.md "Pipeline"
  parameter  bit          ISSUE_AHEAD = 1'b1
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  // register port (docs/simt.md "Host interface"): one 32-bit access per cycle, read combinational
  input  logic             reg_valid_i,
  input  logic             reg_write_i,
  input  logic [vgiw_cfg_pkg::REG_ADDR_BITS-1:0] reg_addr_i,
  input  logic [31:0]      reg_wdata_i,
  output logic [31:0]      reg_rdata_o,
  output logic             done_o,
  // memory port (line-granular, the line_req / line_rsp bundles of vgiw_core, arch/formats.toml):
  // L1 banks and instruction cache (simt_mem)
  output logic             line_req_valid_o,
  input  logic             line_req_ready_i,
  output logic [vgiw_cfg_pkg::LINE_REQ_BITS-1:0] line_req_o,
  input  logic             line_rsp_valid_i,
  output logic             line_rsp_ready_o,
  input  logic [vgiw_cfg_pkg::LINE_RSP_BITS-1:0] line_rsp_i
);
  localparam int unsigned W   = vgiw_cfg_pkg::SIMT_WARPS;
  localparam int unsigned T   = vgiw_cfg_pkg::SIMT_LANES;
  localparam int unsigned DW  = vgiw_cfg_pkg::SIMT_DEPTH_BITS;
  localparam int unsigned WB  = (W > 1) ? $clog2(W) : 1;
  localparam int unsigned CW  = vgiw_cfg_pkg::CNT_INDEX_BITS;
  localparam int unsigned EB  = vgiw_cfg_pkg::STATUS_CODE_BITS;
  // instruction tag through the units: {end, rd is FP, rd, lane mask, warp slot}; "end" marks the
  // instruction that commits its path's outcome to the tracker (below, "issue")
  localparam int unsigned TGW = WB + T + 7;
  localparam int unsigned TG_RD = WB + T, TG_RDFP = WB + T + 5, TG_END = WB + T + 6;
  localparam int unsigned MAXF = 15;                        // instructions in flight per warp, at most
  localparam int unsigned FW   = 4;
  localparam int unsigned LSLOTS = vgiw_cfg_pkg::L1_MSHRS;  // memory instructions in flight (simt_lsu)
  localparam int unsigned SLB  = $clog2(LSLOTS);
  // instruction classes of simt_decode (K_NOP = 10, fence, needs no case here)
  localparam logic [3:0] K_ILLEGAL = 4'd0, K_ALU = 4'd1, K_BRANCH = 4'd2, K_JAL = 4'd3,
                         K_JALR = 4'd4, K_LOAD = 4'd5, K_STORE = 4'd6, K_LONG = 4'd7,
                         K_ECALL = 4'd8, K_BAR = 4'd9, K_FMA = 4'd11;
  // SIMT counters of CNT_SEL (docs/simt.md "Counters"): index 0 is cycles as in vgiw_core,
  // 1..4 the first SIMT counters (kept for their users), the L1 at the l1_* indices of
  // [counters.ext] (arch/core.toml), the rest in [counters.simt]
  localparam int unsigned NCNT = 5;
  localparam int unsigned NSC  = vgiw_cfg_pkg::CNT_SIMT_COUNT;
  localparam int unsigned NXC  = vgiw_cfg_pkg::CNT_EXT_COUNT;
  // Barrier parking (docs/simt.md "Barrier"): a path that executes BAR goes to this PC at depth 0,
  // the largest scheduling key of both trackers ({~depth, pc}: RR-9073 §2.4's order, deepest
  // first, then lowest PC), so the tracker offers it only when no other path of the warp is left.
  // Code may not reach it (a launch with CODE_HI above it is bad_launch, a jump to it fetch_range).
  localparam logic [31:0] PARK = 32'hFFFF_FFFC;

  // ---- host registers -----------------------------------------------------------------------
  logic [31:0]   code_lo_q, code_hi_q, entry_q, threads_q, wg_warps_q, arg_q, fault_pc_q;
  logic [WB-1:0] fault_warp_q;
  logic [CW-1:0] cnt_sel_q;
  logic          busy_q, done_q, error_q;
  logic [EB-1:0] err_code_q;
  logic [NCNT-1:0][63:0] cnt_q;
  logic [NSC-1:0][63:0]  sc_q, sc_inc;
  logic [NXC-1:0][63:0]  xc_q, xc_inc;
  logic          start, wr;
  logic [W-1:0]              tr_init, tr_path_valid, tr_commit_valid, tr_commit_ready, tr_done;
  logic [W-1:0][T-1:0]       tr_init_mask, tr_path_mask;
  logic [W-1:0][31:0]        tr_path_pc;
  logic [W-1:0][DW-1:0]      tr_path_depth;
  logic [W-1:0]              init_q, bar_q, rel_q;
  // per warp: instructions in flight, an "end" instruction in flight (the warp waits for its
  // commit), issuing ahead of the tracker's path at apc_q, live lanes, hazard stall, scoreboard
  logic [W-1:0][FW-1:0]      nfl_q;
  logic [W-1:0]              wait_q, ahead_q, hz_q, busyw;
  logic [W-1:0][31:0]        apc_q;
  logic [W-1:0][T-1:0]       live_q;
  logic [W-1:0][31:0]        pend_x_q, pend_f_q;
  // per thread: RISC-V fcsr = {frm, fflags} (unprivileged spec, chapter "F" §11.2): the
  // rounding mode of rm = DYN and the accrued exception flags NV DZ OF UF NX
  logic [W-1:0][T-1:0][7:0]  fcsr_q;
  for (genvar w = 0; w < W; w++) begin : g_busyw
    assign busyw[w] = nfl_q[w] != '0 || wait_q[w];
  end

  assign wr    = reg_valid_i && reg_write_i;
  assign start = wr && reg_addr_i == vgiw_cfg_pkg::REG_CTRL && reg_wdata_i[0] && !busy_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      code_lo_q <= '0; code_hi_q <= '0; entry_q <= '0; threads_q <= '0; wg_warps_q <= 32'd1;
      arg_q <= '0; cnt_sel_q <= '0;
    end else if (wr) begin
      if (!busy_q) begin
        if (reg_addr_i == vgiw_cfg_pkg::REG_CODE_LO)  code_lo_q  <= reg_wdata_i;
        if (reg_addr_i == vgiw_cfg_pkg::REG_CODE_HI)  code_hi_q  <= reg_wdata_i;
        if (reg_addr_i == vgiw_cfg_pkg::REG_ENTRY)    entry_q    <= reg_wdata_i;
        if (reg_addr_i == vgiw_cfg_pkg::REG_THREADS)  threads_q  <= reg_wdata_i;
        if (reg_addr_i == vgiw_cfg_pkg::REG_WG_WARPS) wg_warps_q <= reg_wdata_i;
        if (reg_addr_i == vgiw_cfg_pkg::REG_ARG)      arg_q      <= reg_wdata_i;
      end
      if (reg_addr_i == vgiw_cfg_pkg::REG_CNT_SEL) cnt_sel_q <= reg_wdata_i[CW-1:0];
    end
  end

  logic [31:0] status;
  logic [63:0] cnt_value;
  logic [31:0] win_n;
  always_comb begin
    win_n = '0;
    status = '0;
    status[vgiw_cfg_pkg::STATUS_BUSY_BIT]  = busy_q;
    status[vgiw_cfg_pkg::STATUS_DONE_BIT]  = done_q;
    status[vgiw_cfg_pkg::STATUS_ERROR_BIT] = error_q && done_q;
    status[vgiw_cfg_pkg::STATUS_CODE_LSB +: EB] = err_code_q;
    cnt_value = (cnt_sel_q < CW'(NCNT)) ? cnt_q[cnt_sel_q[$clog2(NCNT)-1:0]] : 64'd0;
    for (int i = 0; i < NXC; i++)
      if (cnt_sel_q == CW'(vgiw_cfg_pkg::CNT_EXT + i)) cnt_value = xc_q[i];
    for (int i = 0; i < NSC; i++)
      if (cnt_sel_q == CW'(vgiw_cfg_pkg::CNT_SIMT + i)) cnt_value = sc_q[i];
    // warp-state window for the host's watchdog dump (docs/simt.md "Counters"): index
    // 256 + w reads warp slot w's next path PC (low word) and its state (high word)
    for (int w = 0; w < W; w++) begin
      if (cnt_sel_q == CW'(256 + w)) begin
        for (int t = 0; t < T; t++) win_n = win_n + 32'(tr_path_mask[w][t]);
        cnt_value = {tr_path_valid[w], busyw[w], bar_q[w], tr_done[w], init_q[w], ahead_q[w], 2'd0,
                     8'(tr_path_depth[w]), win_n[15:0], tr_path_pc[w]};
      end
    end
  end

  always_comb begin
    unique case (reg_addr_i)
      vgiw_cfg_pkg::REG_ID:         reg_rdata_o = vgiw_cfg_pkg::SIMT_CORE_ID;
      vgiw_cfg_pkg::REG_PRESET:     reg_rdata_o = vgiw_cfg_pkg::PRESET_ID;
      vgiw_cfg_pkg::REG_STATUS:     reg_rdata_o = status;
      vgiw_cfg_pkg::REG_CNT_SEL:    reg_rdata_o = 32'(cnt_sel_q);
      vgiw_cfg_pkg::REG_CNT_LO:     reg_rdata_o = cnt_value[31:0];
      vgiw_cfg_pkg::REG_CNT_HI:     reg_rdata_o = cnt_value[63:32];
      vgiw_cfg_pkg::REG_CODE_LO:    reg_rdata_o = code_lo_q;
      vgiw_cfg_pkg::REG_CODE_HI:    reg_rdata_o = code_hi_q;
      vgiw_cfg_pkg::REG_ENTRY:      reg_rdata_o = entry_q;
      vgiw_cfg_pkg::REG_THREADS:    reg_rdata_o = threads_q;
      vgiw_cfg_pkg::REG_WG_WARPS:   reg_rdata_o = wg_warps_q;
      vgiw_cfg_pkg::REG_ARG:        reg_rdata_o = arg_q;
      vgiw_cfg_pkg::REG_FAULT_PC:   reg_rdata_o = fault_pc_q;
      vgiw_cfg_pkg::REG_FAULT_WARP: reg_rdata_o = 32'(fault_warp_q);
      default:                      reg_rdata_o = '0;
    endcase
  end
  assign done_o = done_q;

  // ---- work-groups: G warps each, on slot groups of G consecutive warp slots ------------------
  // G divides W, so the quotient and remainder of a slot by G come from small tables.
  logic          g_ok;
  logic [6:0]    g;                 // warps per work-group (<= W <= 64 checked by g_ok)
  logic [W-1:0]  slot_lead;         // first slot of its slot group
  logic [W-1:0][WB-1:0] slot_j;     // index of the slot within its group
  always_comb begin
    g = wg_warps_q[6:0];
    g_ok = 1'b0;
    slot_lead = '0;
    slot_j = '0;
    for (int d = 1; d <= W; d++) begin
      if (wg_warps_q == 32'(d) && W % d == 0) begin
        g_ok = 1'b1;
        for (int w = 0; w < W; w++) begin
          slot_lead[w] = (w % d) == 0;
          slot_j[w]    = WB'(w % d);
        end
      end
    end
  end

  // ---- trackers -------------------------------------------------------------------------------
  logic [T-1:0]              c_a_mask, c_b_mask;
  logic [31:0]               c_a_pc, c_b_pc;
  logic [DW-1:0]             c_a_depth, c_b_depth;

  for (genvar w = 0; w < W; w++) begin : g_warp
    vgiw_simt_tracker #(
      .TRACKER (TRACKER), .LANES (T), .DEPTH_W (DW)
    ) u_tracker (
      .clk_i, .rst_ni,
      .init_valid_i (tr_init[w]), .init_mask_i (tr_init_mask[w]), .init_pc_i (entry_q),
      .path_valid_o (tr_path_valid[w]), .path_pc_o (tr_path_pc[w]), .path_mask_o (tr_path_mask[w]),
      .path_depth_o (tr_path_depth[w]),
      .commit_valid_i (tr_commit_valid[w]), .commit_ready_o (tr_commit_ready[w]),
      .commit_a_mask_i (c_a_mask), .commit_a_pc_i (c_a_pc), .commit_a_depth_i (c_a_depth),
      .commit_b_mask_i (c_b_mask), .commit_b_pc_i (c_b_pc), .commit_b_depth_i (c_b_depth),
      .warp_done_o (tr_done[w])
    );
  end

  // ---- per-slot state ---------------------------------------------------------------------------
  logic [W-1:0][31:0]    bar_pc_q, slot_base_q, slot_wg_q;
  logic [W-1:0][31:0]    i_pc_q, i_tgt_q;
  logic [W-1:0][DW-1:0]  i_depth_q, bar_depth_q;
  logic [W-1:0][T-1:0]   i_mask_q;
  logic [W-1:0][3:0]     i_kind_q;
  logic [W-1:0]          i_rs1ra_q;
  logic [31:0]           next_base_q, next_wg_q;

  // register files: W x 32 entries of T words each, integer and FP, as memories (one write port,
  // lane write enables; asynchronous reads) so that synthesis maps them to RAM instead of
  // flattening 2 x W x 32 x T x 32 flip-flops. x0 is never written and reads as 0 by the mux.
  localparam int unsigned RA = $clog2(W * 32);
  logic [T*32-1:0] rf_mem  [W*32];
  logic [T*32-1:0] frf_mem [W*32];
  logic [T*32-1:0] rd1_x, rd1_f, rd2_x, rd2_f, rd3_f;
  logic [RA-1:0]   ra1, ra2, ra3, wa;

  // ---- dispatch of work-groups to free slot groups ------------------------------------------------
  logic [W-1:0] slot_free;
  logic         disp;
  logic [WB-1:0] disp_lead;
  logic          all_free;
  always_comb begin
    all_free = 1'b0;
    for (int w = 0; w < W; w++) slot_free[w] = tr_done[w] && !init_q[w] && !busyw[w];
    disp = 1'b0;
    disp_lead = '0;
    tr_init = '0;
    tr_init_mask = '0;
    if (busy_q && !error_q && g_ok && next_base_q < threads_q) begin
      for (int w = W - 1; w >= 0; w--) begin
        if (slot_lead[w]) begin
          all_free = 1'b1;
          for (int v = 0; v < W; v++)
            if (v >= w && v < w + int'(g) && !slot_free[v]) all_free = 1'b0;
          if (all_free) begin
            disp = 1'b1;
            disp_lead = WB'(w);
          end
        end
      end
      if (disp) begin
        for (int v = 0; v < W; v++) begin
          if (v >= int'(disp_lead) && v < int'(disp_lead) + int'(g)) begin
            for (int t = 0; t < T; t++)
              tr_init_mask[v][t] = next_base_q + 32'(slot_j[v]) * 32'(T) + 32'(t) < threads_q;
            tr_init[v] = |tr_init_mask[v];
          end
        end
      end
    end
  end

  // ---- issue ------------------------------------------------------------------------------------
  // A warp issues from its tracker's active path. An instruction whose outcome is "every lane to
  // pc+4" (ALU, FMA, long, load/store, fence) issued by a converged warp (the path holds every
  // live lane, so no other path can merge into pc+4) does not commit: the warp goes on issuing at
  // pc+4, pc+8, ... (ahead_q, apc_q) under the register scoreboard while the tracker's path stays
  // at the first PC. The first other instruction (a branch, jump, barrier, exit, or any
  // instruction of a divergent path) is the "end": it commits the whole run's outcome (the lanes
  // to its targets) and the warp issues again from the tracker's new path. A divergent path
  // commits every instruction, so the tracker sees every PC and merges paths where RR-9073 §2.4
  // says. The tracker's contract (stable path until a commit, one outcome per commit) holds.
  logic [W-1:0]  elig, parked;
  logic          have;
  for (genvar w = 0; w < W; w++) begin : g_parked
    assign parked[w] = bar_q[w] && tr_path_pc[w] == PARK && tr_path_depth[w] == '0;
  end
  logic [WB-1:0] c, rr_q;
  always_comb begin
    for (int w = 0; w < W; w++)
      elig[w] = busy_q && !error_q && tr_path_valid[w] && !wait_q[w] && !init_q[w] && !hz_q[w]
                && nfl_q[w] != FW'(MAXF)
                && !parked[w];
    have = 1'b0;
    c = '0;
    // round-robin: the first eligible slot at or after rr_q
    for (int k = 2 * W - 1; k >= 0; k--) begin
      if (elig[k % W] && (k >= int'(rr_q)) && (k < int'(rr_q) + W)) begin
        have = 1'b1;
        c = WB'(k % W);
      end
    end
  end

  logic [31:0]     pc, instr;
  logic [T-1:0]    mask;
  logic            ic_hit, ic_busy, range_err;
  logic [3:0]      kind;
  vgiw_fu_pkg::alu_op_e alu_op;
  logic [2:0]      a_sel;
  logic [1:0]      b_sel;
  logic [31:0]     imm;
  logic [4:0]      rd, rs1, rs2, rs3;
  logic [2:0]      f3, csr;
  vgiw_fu_pkg::scu_op_e div_op;
  /* verilator lint_off UNUSEDSIGNAL */   // MULHSU is also long_sel 1
  logic            mulhsu;
  /* verilator lint_on UNUSEDSIGNAL */
  logic            rd_fp, rs1_fp, rs2_fp, c_neg, a_neg;
  vgiw_fu_pkg::fma_op_e fma_op;
  logic [2:0]      long_sel;
  vgiw_fu_pkg::fcmp_op_e fcmp_op;
  vgiw_fu_pkg::fcvt_op_e fcvt_op;
  logic [1:0]      fpx;
  logic            fcsr_op, has_rm;
  logic [T-1:0][2:0] lrm;              // rounding mode of each lane: rm, or its frm for DYN
  logic            bad_rm;             // DYN with a reserved frm in an active lane: illegal

  assign pc   = ahead_q[c] ? apc_q[c] : tr_path_pc[c];
  assign mask = tr_path_mask[c];

  // end of a run (above) and the scoreboard: register sources read and rd written
  logic            seq, is_end, use1, use2, use3, writes, hazard;
  logic [6:0]      opc;
  assign opc    = instr[6:0];
  assign seq    = kind == K_ALU || kind == K_FMA || kind == K_LONG || kind == K_LOAD || kind == K_STORE
                  || kind == 4'd10;   // K_NOP (fence)
  assign is_end = !ISSUE_AHEAD || !seq || mask != live_q[c];
  assign use1   = opc != 7'b0110111 && opc != 7'b0010111 && opc != 7'b1101111;   // not LUI AUIPC JAL
  // OP-FP reads rs2 for FADD FSUB FMUL FDIV FSGNJ* FMIN/FMAX and the compares (funct5 0-5, 20),
  // not for FSQRT, FCVT, FMV, FCLASS (their rs2 field selects the operation)
  assign use2   = opc == 7'b0110011 || opc == 7'b0100011 || opc == 7'b1100011 || opc == 7'b0100111 ||
                  (opc == 7'b1010011 && (instr[31:27] <= 5'd5 || instr[31:27] == 5'd20)) ||
                  (opc[6:4] == 3'b100 && opc[1:0] == 2'b11);                     // R S B FSW OP-FP fused
  assign use3   = opc[6:4] == 3'b100 && opc[1:0] == 2'b11;                       // fused multiply-add
  assign writes = rd != 5'd0 || rd_fp;
  always_comb begin
    hazard = 1'b0;
    if (use1 && (rs1_fp ? pend_f_q[c][rs1] : pend_x_q[c][rs1])) hazard = 1'b1;
    if (use2 && (rs2_fp ? pend_f_q[c][rs2] : pend_x_q[c][rs2])) hazard = 1'b1;
    if (use3 && pend_f_q[c][rs3]) hazard = 1'b1;
    if (writes && (rd_fp ? pend_f_q[c][rd] : pend_x_q[c][rd])) hazard = 1'b1;   // WAW: units finish out of order
    // an FP CSR access waits until the warp's FP instructions have accrued their flags
    if (fcsr_op && nfl_q[c] != '0) hazard = 1'b1;
  end
  logic [TGW-1:0] tag;
  assign tag = {is_end, rd_fp, rd, mask, c};
  assign range_err = pc < code_lo_q || pc >= code_hi_q;

  vgiw_simt_decode u_dec (
    .instr_i (instr), .kind_o (kind), .alu_op_o (alu_op), .a_sel_o (a_sel), .b_sel_o (b_sel),
    .imm_o (imm), .rd_o (rd), .rs1_o (rs1), .rs2_o (rs2), .funct3_o (f3), .div_op_o (div_op),
    .mulhsu_o (mulhsu), .csr_o (csr),
    .rs3_o (rs3), .rd_fp_o (rd_fp), .rs1_fp_o (rs1_fp), .rs2_fp_o (rs2_fp), .fma_op_o (fma_op),
    .c_neg_o (c_neg), .a_neg_o (a_neg), .long_sel_o (long_sel), .fcmp_op_o (fcmp_op),
    .fcvt_op_o (fcvt_op), .fpx_o (fpx), .fcsr_o (fcsr_op), .has_rm_o (has_rm)
  );
  always_comb begin
    bad_rm = 1'b0;
    for (int t = 0; t < T; t++) begin
      lrm[t] = (f3 == 3'b111) ? fcsr_q[c][t][7:5] : f3;
      if (has_rm && mask[t] && lrm[t] > 3'd4) bad_rm = 1'b1;
    end
  end

  logic [T-1:0][31:0] rs1v, rs2v, rs3v, opa, opb, addr;
  logic               misal;
  assign ra1   = RA'(32 * int'(c)) + RA'(rs1);
  assign ra2   = RA'(32 * int'(c)) + RA'(rs2);
  assign ra3   = RA'(32 * int'(c)) + RA'(rs3);
  assign rd1_x = rf_mem[ra1];
  assign rd2_x = rf_mem[ra2];
  assign rd1_f = frf_mem[ra1];
  assign rd2_f = frf_mem[ra2];
  assign rd3_f = frf_mem[ra3];
  always_comb begin
    misal = 1'b0;
    for (int t = 0; t < T; t++) begin
      logic [31:0] cv;
      rs1v[t] = rs1_fp ? rd1_f[32*t +: 32] : (rs1 == 5'd0) ? 32'd0 : rd1_x[32*t +: 32];
      rs2v[t] = rs2_fp ? rd2_f[32*t +: 32] : (rs2 == 5'd0) ? 32'd0 : rd2_x[32*t +: 32];
      rs3v[t] = rd3_f[32*t +: 32];
      // identity CSRs (docs/simt.md "CSRs"): numbers simt.csr_base + i from arch/base.toml
      unique case (csr)
        3'(vgiw_cfg_pkg::SIMT_CSR_TID):      cv = slot_base_q[c] + 32'(t);           // global thread ID
        3'(vgiw_cfg_pkg::SIMT_CSR_LID):      cv = 32'(slot_j[c]) * 32'(T) + 32'(t);  // local ID in the work-group
        3'(vgiw_cfg_pkg::SIMT_CSR_WGID):     cv = slot_wg_q[c];                      // work-group ID
        3'(vgiw_cfg_pkg::SIMT_CSR_LANE):     cv = 32'(t);                            // lane
        3'(vgiw_cfg_pkg::SIMT_CSR_WARP):     cv = 32'(c);                            // warp slot
        3'(vgiw_cfg_pkg::SIMT_CSR_NTHREADS): cv = threads_q;                         // threads of the kernel
        3'(vgiw_cfg_pkg::SIMT_CSR_WGSIZE):   cv = 32'(g) * 32'(T);                   // work-group size
        default:                            cv = arg_q;                             // SIMT_CSR_ARG: kernel argument
      endcase
      unique case (a_sel)
        3'd0: opa[t] = rs1v[t];
        3'd1: opa[t] = pc;
        3'd2: opa[t] = '0;
        3'd3: opa[t] = cv;
        3'd5: opa[t] = fcsr_rd(csr[1:0], fcsr_q[c][t]);
        default: opa[t] = fpx_val(fpx, rs1v[t], rs2v[t][31]);
      endcase
      unique case (b_sel)
        2'd0: opb[t] = rs2v[t];
        2'd1: opb[t] = imm;
        default: opb[t] = 32'd4;
      endcase
      addr[t] = rs1v[t] + imm;
      if (mask[t] && (kind == K_LOAD || kind == K_STORE)) begin
        if (f3[1:0] == 2'd1 && addr[t][0]) misal = 1'b1;
        if (f3[1:0] == 2'd2 && addr[t][1:0] != 2'd0) misal = 1'b1;
      end
    end
  end

  // new {frm, fflags} of a lane after CSRRW (op 1), CSRRS (2), CSRRC (3) with source v on
  // fflags (sel 1), frm (2) or fcsr (3); bits above the CSR's width are ignored
  function automatic logic [7:0] fcsr_wr(input logic [1:0] op, input logic [1:0] sel,
                                         input logic [7:0] old, input logic [7:0] v);
    logic [7:0] cur, src, nv;
    unique case (sel)
      2'd1:    begin cur = {3'd0, old[4:0]}; src = {3'd0, v[4:0]}; end
      2'd2:    begin cur = {5'd0, old[7:5]}; src = {5'd0, v[2:0]}; end
      default: begin cur = old;              src = v[7:0];         end
    endcase
    unique case (op)
      2'd1:    nv = src;
      2'd2:    nv = cur | src;
      default: nv = cur & ~src;
    endcase
    unique case (sel)
      2'd1:    fcsr_wr = {old[7:5], nv[4:0]};
      2'd2:    fcsr_wr = {nv[2:0], old[4:0]};
      default: fcsr_wr = nv;
    endcase
  endfunction

  // fflags (1), frm (2), fcsr (3) as read from a lane's {frm, fflags}
  function automatic logic [31:0] fcsr_rd(input logic [1:0] sel, input logic [7:0] v);
    unique case (sel)
      2'd1:    fcsr_rd = {27'd0, v[4:0]};
      2'd2:    fcsr_rd = {29'd0, v[7:5]};
      default: fcsr_rd = {24'd0, v};
    endcase
  endfunction

  // FSGNJ, FSGNJN, FSGNJX (sign bit operations) and FCLASS: computed here, then passed through
  // the ALU (a + 0), as they need no rounding
  function automatic logic [31:0] fpx_val(input logic [1:0] op, input logic [31:0] a, input logic b_sign);
    logic [7:0]  e;
    logic [22:0] m;
    e = a[30:23];
    m = a[22:0];
    unique case (op)
      2'd0: fpx_val = {b_sign, a[30:0]};
      2'd1: fpx_val = {~b_sign, a[30:0]};
      2'd2: fpx_val = {a[31] ^ b_sign, a[30:0]};
      default: begin
        fpx_val = '0;
        if (e == 8'hFF && m != '0)   fpx_val[m[22] ? 9 : 8] = 1'b1;       // quiet / signalling NaN
        else if (e == 8'hFF)         fpx_val[a[31] ? 0 : 7] = 1'b1;       // infinity
        else if (e == '0 && m == '0) fpx_val[a[31] ? 3 : 4] = 1'b1;       // zero
        else if (e == '0)            fpx_val[a[31] ? 2 : 5] = 1'b1;       // subnormal
        else                         fpx_val[a[31] ? 1 : 6] = 1'b1;       // normal
      end
    endcase
  endfunction

  logic              alu_in_ready, lsu_in_ready, fma_in_ready, cmp_in_ready, cvt_in_ready;
  logic              is_cmp, is_cvt;
  // FP compares (FMIN FMAX FEQ FLT FLE) and conversions (FCVT) have pipelines of their own, as
  // the FMA: they are frequent in FP kernels and fully pipelined datapaths (VGIW §3.5's CU FPU)
  assign is_cmp = kind == K_LONG && long_sel == 3'd3;
  assign is_cvt = kind == K_LONG && long_sel == 3'd4;
  logic [T-1:0]      long_in_ready;
  logic              long_busy_q;
  logic              unit_ready, fire, issue_err, miss;
  logic [EB-1:0]     issue_code;
  always_comb begin
    unique case (kind)
      K_LOAD, K_STORE: unit_ready = lsu_in_ready;
      K_LONG:          unit_ready = is_cmp ? cmp_in_ready : is_cvt ? cvt_in_ready
                                    : !long_busy_q && &long_in_ready;
      K_FMA:           unit_ready = fma_in_ready;
      default:         unit_ready = alu_in_ready;
    endcase
    issue_err  = 1'b0;
    issue_code = '0;
    miss       = 1'b0;
    if (have) begin
      if (range_err) begin
        issue_err = 1'b1; issue_code = vgiw_cfg_pkg::ERR_FETCH_RANGE;
      end else if (!ic_hit) begin
        miss = 1'b1;
      end else if (kind == K_ILLEGAL || bad_rm) begin
        issue_err = 1'b1; issue_code = vgiw_cfg_pkg::ERR_ILLEGAL_INSTR;
      end else if (misal && !hazard) begin
        // the address is checked only once its base register is written: an instruction
        // waiting on the scoreboard reads a stale rs1 (e.g. the value before `addi a3, tp, 0`)
        issue_err = 1'b1; issue_code = vgiw_cfg_pkg::ERR_MISALIGNED;
      end
    end
    fire = have && !range_err && ic_hit && !issue_err && unit_ready && !hazard;
  end

  // ---- instruction path: instruction cache refilled through memory-port ID 1 --------------------
  logic ic_req_valid, ic_req_ready, ic_rsp;
  logic [31:0] ic_req_addr;
  /* verilator lint_off UNUSEDSIGNAL */
  vgiw_cfg_pkg::line_rsp_t line_rsp;                // the instruction cache takes the line only
  /* verilator lint_on UNUSEDSIGNAL */
  assign line_rsp = line_rsp_i;
  vgiw_simt_icache u_icache (
    .clk_i, .rst_ni, .clear_i (start),
    .pc_i (pc), .hit_o (ic_hit), .instr_o (instr), .miss_i (miss),
    .refill_valid_o (ic_req_valid), .refill_ready_i (ic_req_ready), .refill_addr_o (ic_req_addr),
    .refill_rsp_i (ic_rsp), .refill_line_i (line_rsp.rdata), .busy_o (ic_busy)
  );

  // ---- ALU lanes (int_alu, tag = the instruction's tag) -----------------------------------------
  logic               alu_in_valid, alu_out_valid, alu_out_ready;
  logic [T-1:0][31:0] alu_res;
  /* verilator lint_off UNUSEDSIGNAL */   // lanes 1.. repeat lane 0's handshake and tag
  logic [T-1:0]       alu_in_ready_l, alu_out_valid_l;
  logic [T-1:0][TGW-1:0] alu_tag_l;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [TGW-1:0]     alu_tag;
  assign alu_in_valid = fire && kind != K_LOAD && kind != K_STORE && kind != K_LONG && kind != K_FMA;
  for (genvar t = 0; t < T; t++) begin : g_alu
    vgiw_int_alu #(.TAG_W (TGW)) u_alu (
      .clk_i, .rst_ni,
      .in_valid_i (alu_in_valid), .in_ready_o (alu_in_ready_l[t]), .op_i (alu_op),
      .a_i (opa[t]), .b_i (opb[t]), .c_i ('0), .tag_i (tag),
      .out_valid_o (alu_out_valid_l[t]), .out_ready_i (alu_out_ready), .result_o (alu_res[t]),
      .tag_o (alu_tag_l[t])
    );
  end
  // the lanes run in lockstep (same valid, same ready): lane 0 speaks for all
  assign alu_in_ready  = alu_in_ready_l[0];
  assign alu_out_valid = alu_out_valid_l[0];
  assign alu_tag       = alu_tag_l[0];

  // ---- FP multiply-add lanes (fp_fma, tag = the instruction's tag) ---------------------------
  logic               fma_in_valid, fma_out_valid, fma_out_ready;
  logic [T-1:0][31:0] fma_res;
  logic [T-1:0][4:0]  fma_flags, cmp_flags, cvt_flags, long_flags, long_flags_q;
  /* verilator lint_off UNUSEDSIGNAL */   // lanes 1.. repeat lane 0's handshake and tag
  logic [T-1:0]       fma_in_ready_l, fma_out_valid_l;
  logic [T-1:0][TGW-1:0] fma_tag_l;
  /* verilator lint_on UNUSEDSIGNAL */
  assign fma_in_valid = fire && kind == K_FMA;
  for (genvar t = 0; t < T; t++) begin : g_fma
    vgiw_fp_fma_ieee #(.TAG_W (TGW)) u_fma (
      .clk_i, .rst_ni,
      .in_valid_i (fma_in_valid), .in_ready_o (fma_in_ready_l[t]), .op_i (fma_op),
      .a_i ({rs1v[t][31] ^ a_neg, rs1v[t][30:0]}), .b_i (rs2v[t]), .c_i ({rs3v[t][31] ^ c_neg, rs3v[t][30:0]}),
      .rm_i (lrm[t]), .tag_i (tag),
      .out_valid_o (fma_out_valid_l[t]), .out_ready_i (fma_out_ready), .result_o (fma_res[t]),
      .flags_o (fma_flags[t]), .tag_o (fma_tag_l[t])
    );
  end
  assign fma_in_ready  = fma_in_ready_l[0];
  assign fma_out_valid = fma_out_valid_l[0];

  // ---- FP compare and convert lanes (fp_cmp, fp_cvt; tag = the instruction's tag) -------------
  logic               cmp_out_valid, cmp_out_ready, cvt_out_valid, cvt_out_ready;
  logic [T-1:0][31:0] cmp_res, cvt_res;
  /* verilator lint_off UNUSEDSIGNAL */   // lanes 1.. repeat lane 0's handshake and tag
  logic [T-1:0]       cmp_in_ready_l, cmp_out_valid_l, cvt_in_ready_l, cvt_out_valid_l;
  logic [T-1:0][TGW-1:0] cmp_tag_l, cvt_tag_l;
  /* verilator lint_on UNUSEDSIGNAL */
  for (genvar t = 0; t < T; t++) begin : g_fpc
    vgiw_fp_cmp_ieee #(.TAG_W (TGW)) u_cmp (
      .clk_i, .rst_ni,
      .in_valid_i (fire && is_cmp), .in_ready_o (cmp_in_ready_l[t]), .op_i (fcmp_op),
      .a_i (rs1v[t]), .b_i (rs2v[t]), .tag_i (tag),
      .out_valid_o (cmp_out_valid_l[t]), .out_ready_i (cmp_out_ready), .result_o (cmp_res[t]),
      .flags_o (cmp_flags[t]), .tag_o (cmp_tag_l[t])
    );
    vgiw_fp_cvt_ieee #(.TAG_W (TGW)) u_cvt (
      .clk_i, .rst_ni,
      .in_valid_i (fire && is_cvt), .in_ready_o (cvt_in_ready_l[t]), .op_i (fcvt_op),
      .a_i (rs1v[t]), .rm_i (lrm[t]), .tag_i (tag),
      .out_valid_o (cvt_out_valid_l[t]), .out_ready_i (cvt_out_ready), .result_o (cvt_res[t]),
      .flags_o (cvt_flags[t]), .tag_o (cvt_tag_l[t])
    );
  end
  assign cmp_in_ready  = cmp_in_ready_l[0];
  assign cmp_out_valid = cmp_out_valid_l[0];
  assign cvt_in_ready  = cvt_in_ready_l[0];
  assign cvt_out_valid = cvt_out_valid_l[0];

  // ---- long unit (divide, MULHSU, FP divide/sqrt): lanes finish at different
  // times; results collected ----------------------------------------------------------------------
  logic               long_in_valid;
  logic [T-1:0]       long_out_valid, long_pend_q;
  logic [T-1:0][31:0] long_res, long_res_q;
  logic [TGW-1:0]     long_tag_q;
  logic               long_done;
  assign long_in_valid = fire && kind == K_LONG && !is_cmp && !is_cvt;
  for (genvar t = 0; t < T; t++) begin : g_long
    vgiw_simt_long_lane u_long (
      .clk_i, .rst_ni,
      .in_valid_i (long_in_valid && mask[t]), .in_ready_o (long_in_ready[t]), .sel_i (long_sel),
      .op_i (div_op), .a_i (rs1v[t]), .b_i (rs2v[t]), .rm_i (lrm[t]),
      .out_valid_o (long_out_valid[t]), .out_ready_i (1'b1), .result_o (long_res[t]),
      .flags_o (long_flags[t])
    );
  end
  assign long_done = long_busy_q && long_pend_q == '0;

  // ---- load/store unit on the banked L1 (simt_lsu, simt_mem) ----------------------------------
  logic               lsu_out_valid, lsu_out_ready, lsu_busy;
  logic [T-1:0][31:0] lsu_rdata;
  logic [TGW-1:0]     lsu_tag;
  logic [$clog2(T > 1 ? T : 2):0] lsu_inc_merged;
  logic [T-1:0]       l1_req_valid, l1_req_ready, l1_req_write, l1_rsp_valid;
  logic [T-1:0][31:0] l1_req_addr, l1_req_wdata, l1_rsp_rdata;
  logic [T-1:0][3:0]  l1_req_be;
  logic [T-1:0][SLB-1:0] l1_req_id, l1_rsp_id;
  logic               l1_flush, l1_flush_done, mem_err;
  vgiw_simt_lsu #(.T (T), .S (LSLOTS), .TGW (TGW)) u_lsu (
    .clk_i, .rst_ni,
    .in_valid_i (fire && (kind == K_LOAD || kind == K_STORE)), .in_ready_o (lsu_in_ready),
    .in_store_i (kind == K_STORE), .in_funct3_i (f3), .in_mask_i (mask), .in_addr_i (addr),
    .in_wdata_i (rs2v), .in_tag_i (tag),
    .out_valid_o (lsu_out_valid), .out_ready_i (lsu_out_ready), .rdata_o (lsu_rdata),
    .out_tag_o (lsu_tag), .busy_o (lsu_busy), .inc_merged_o (lsu_inc_merged),
    .l1_req_valid_o (l1_req_valid), .l1_req_ready_i (l1_req_ready), .l1_req_addr_o (l1_req_addr),
    .l1_req_write_o (l1_req_write), .l1_req_wdata_o (l1_req_wdata), .l1_req_be_o (l1_req_be),
    .l1_req_id_o (l1_req_id), .l1_rsp_valid_i (l1_rsp_valid), .l1_rsp_id_i (l1_rsp_id),
    .l1_rsp_rdata_i (l1_rsp_rdata)
  );

  vgiw_cfg_pkg::cache_inc_t l1_inc;
  vgiw_simt_mem #(.T (T), .IW (SLB)) u_mem (
    .clk_i, .rst_ni,
    .req_valid_i (l1_req_valid), .req_ready_o (l1_req_ready), .req_addr_i (l1_req_addr),
    .req_write_i (l1_req_write), .req_wdata_i (l1_req_wdata), .req_be_i (l1_req_be),
    .req_id_i (l1_req_id), .rsp_valid_o (l1_rsp_valid), .rsp_id_o (l1_rsp_id),
    .rsp_rdata_o (l1_rsp_rdata),
    .flush_i (l1_flush), .flush_done_o (l1_flush_done), .error_o (mem_err), .clear_i (start),
    .ic_valid_i (ic_req_valid), .ic_ready_o (ic_req_ready), .ic_addr_i (ic_req_addr), .ic_rsp_o (ic_rsp),
    .cache_inc_o (l1_inc),
    .line_req_valid_o, .line_req_ready_i, .line_req_o, .line_rsp_valid_i, .line_rsp_ready_o, .line_rsp_i
  );

  // ---- writeback and commit -----------------------------------------------------------------------
  // One writeback per cycle (one register-file write port): load/store first, then long, FMA, ALU.
  // An "end" instruction also commits its path's outcome and so waits for its tracker; a source
  // that waits lets the next one go.
  logic               wb_valid, wb_fire, wb_err, wb_end, wb_rdfp;
  logic [EB-1:0]      wb_code;
  logic [WB-1:0]      ww;
  logic [2:0]         wb_src;            // 0 ALU, 1 long, 2 LSU, 3 FMA, 4 compare, 5 convert
  logic [TGW-1:0]     wb_tag;
  logic [T-1:0]       wb_mask;
  logic [4:0]         wb_rd;
  logic [T-1:0]       wen;
  logic [T-1:0][31:0] wdata;
  logic [T-1:0][4:0]  wflags;            // exception flags of the FP units, accrued into fflags
  logic               bar_set, rs_fire;
  logic [WB-1:0]      rs_w;
  logic [5:0]         src_v;
  logic [5:0][TGW-1:0] src_tag;
  logic [5:0]         src_go;
  logic [31:0]        tg;
  always_comb begin
    tg = '0;
    // candidates in priority order: LSU, long, FMA, compare, convert, ALU
    src_v   = {alu_out_valid, cvt_out_valid, cmp_out_valid, fma_out_valid, long_done, lsu_out_valid};
    src_tag = {alu_tag, cvt_tag_l[0], cmp_tag_l[0], fma_tag_l[0], long_tag_q, lsu_tag};
    for (int k = 0; k < 6; k++)
      src_go[k] = src_v[k] && (!src_tag[k][TG_END] ||
                  (tr_commit_ready[src_tag[k][WB-1:0]] && tr_path_valid[src_tag[k][WB-1:0]]));
    wb_src = 3'd0;
    wb_tag = alu_tag;
    wb_valid = src_go[5];
    if (src_go[0]) begin
      wb_src = 3'd2; wb_tag = lsu_tag; wb_valid = 1'b1;
    end else if (src_go[1]) begin
      wb_src = 3'd1; wb_tag = long_tag_q; wb_valid = 1'b1;
    end else if (src_go[2]) begin
      wb_src = 3'd3; wb_tag = fma_tag_l[0]; wb_valid = 1'b1;
    end else if (src_go[3]) begin
      wb_src = 3'd4; wb_tag = cmp_tag_l[0]; wb_valid = 1'b1;
    end else if (src_go[4]) begin
      wb_src = 3'd5; wb_tag = cvt_tag_l[0]; wb_valid = 1'b1;
    end
    ww      = wb_tag[WB-1:0];
    wb_mask = wb_tag[WB +: T];
    wb_rd   = wb_tag[TG_RD +: 5];
    wb_rdfp = wb_tag[TG_RDFP];
    wb_end  = wb_tag[TG_END];
    wb_fire = wb_valid;
    alu_out_ready = wb_fire && wb_src == 3'd0;
    fma_out_ready = wb_fire && wb_src == 3'd3;
    lsu_out_ready = wb_fire && wb_src == 3'd2;
    cmp_out_ready = wb_fire && wb_src == 3'd4;
    cvt_out_ready = wb_fire && wb_src == 3'd5;

    c_a_mask  = wb_mask;
    c_a_pc    = i_pc_q[ww] + 32'd4;
    c_a_depth = i_depth_q[ww];
    c_b_mask  = '0;
    c_b_pc    = i_pc_q[ww] + 32'd4;
    c_b_depth = i_depth_q[ww];
    wen       = wb_mask;
    wdata     = alu_res;
    wflags    = '0;
    wb_err    = 1'b0;
    wb_code   = '0;
    bar_set   = 1'b0;
    unique case (wb_src)
      3'd2: wdata = lsu_rdata;                  // every lane served (simt_lsu): no replay
      3'd1: begin wdata = long_res_q; wflags = long_flags_q; end
      3'd3: begin wdata = fma_res;    wflags = fma_flags;    end
      3'd4: begin wdata = cmp_res;    wflags = cmp_flags;    end
      3'd5: begin wdata = cvt_res;    wflags = cvt_flags;    end
      default: begin
        if (wb_end) begin
          unique case (i_kind_q[ww])
            K_BRANCH: begin
              for (int t = 0; t < T; t++) begin
                c_a_mask[t] = wb_mask[t] && alu_res[t][0];
                c_b_mask[t] = wb_mask[t] && !alu_res[t][0];
              end
              c_a_pc = i_tgt_q[ww];
              if (c_a_mask != '0 && i_tgt_q[ww][1:0] != 2'd0) begin
                wb_err = 1'b1; wb_code = vgiw_cfg_pkg::ERR_MISALIGNED;
              end
            end
            K_JAL: begin
              c_a_pc = i_tgt_q[ww];
              if (wb_rd == 5'd1) c_a_depth = i_depth_q[ww] + DW'(1);   // call (RR-9073 §2.4: depth orders the paths)
              if (i_tgt_q[ww][1:0] != 2'd0) begin wb_err = 1'b1; wb_code = vgiw_cfg_pkg::ERR_MISALIGNED; end
            end
            K_JALR: begin
              // lanes with the target of the lowest active lane go; the others replay
              for (int t = T - 1; t >= 0; t--) if (wb_mask[t]) tg = {alu_res[t][31:1], 1'b0};
              for (int t = 0; t < T; t++) begin
                c_a_mask[t] = wb_mask[t] && {alu_res[t][31:1], 1'b0} == tg;
                c_b_mask[t] = wb_mask[t] && {alu_res[t][31:1], 1'b0} != tg;
                wdata[t]    = i_pc_q[ww] + 32'd4;
              end
              wen    = c_a_mask;
              c_a_pc = tg;
              c_b_pc = i_pc_q[ww];
              if (wb_rd == 5'd1) c_a_depth = i_depth_q[ww] + DW'(1);
              else if (wb_rd == 5'd0 && i_rs1ra_q[ww]) c_a_depth = i_depth_q[ww] - DW'(1);   // return
              if (tg[1]) begin wb_err = 1'b1; wb_code = vgiw_cfg_pkg::ERR_MISALIGNED; end
            end
            K_ECALL: begin                    // a7 == 93: exit; anything else is unsupported
              for (int t = 0; t < T; t++)
                if (wb_mask[t] && !alu_res[t][0]) begin wb_err = 1'b1; wb_code = vgiw_cfg_pkg::ERR_ILLEGAL_INSTR; end
              c_a_mask = '0;
            end
            K_BAR: begin                      // to the parking path; bar_pc_q keeps pc+4
              bar_set   = 1'b1;
              c_a_pc    = PARK;
              c_a_depth = '0;
            end
            default: ;                        // ALU, fence: all lanes to pc+4
          endcase
        end
      end
    endcase
    if (wb_rd == 5'd0 && !wb_rdfp) wen = '0;
    // code never reaches the parking PC (it is above CODE_HI): a jump there is a fetch outside
    if (wb_end && !bar_set && !wb_err && ((c_a_mask != '0 && c_a_pc == PARK) || (c_b_mask != '0 && c_b_pc == PARK))) begin
      wb_err = 1'b1; wb_code = vgiw_cfg_pkg::ERR_FETCH_RANGE;
    end
    // an error stops the core: the path goes back to the tracker unchanged (never a misaligned PC)
    if (wb_err) begin
      wen      = '0;
      c_a_mask = '0;
      c_b_mask = wb_mask;
      c_b_pc   = i_pc_q[ww];
      c_b_depth = i_depth_q[ww];
    end
    if (c_a_mask == '0) c_a_pc = c_b_pc;   // an unused target (branch taken by no lane) may be misaligned
    tr_commit_valid = '0;
    tr_commit_valid[ww] = wb_fire && wb_end;
    // a released warp's parked path goes back to the instruction after its BAR, at the BAR's
    // depth: a commit of its own, when no end instruction commits (one commit port)
    rs_fire = 1'b0;
    rs_w    = '0;
    for (int w = W - 1; w >= 0; w--)
      if (rel_q[w] && tr_path_valid[w] && tr_commit_ready[w]) rs_w = WB'(w);
    if (rel_q[rs_w] && tr_path_valid[rs_w] && tr_commit_ready[rs_w] && !(wb_fire && wb_end)) begin
      rs_fire   = 1'b1;
      c_a_mask  = tr_path_mask[rs_w];
      c_a_pc    = bar_pc_q[rs_w];
      c_a_depth = bar_depth_q[rs_w];
      c_b_mask  = '0;
      tr_commit_valid[rs_w] = 1'b1;
    end
  end

  // ---- barrier release: every slot of the group has all its live threads at its barrier --------
  // A warp is there when its offered path is the parking path and holds every live thread of the
  // warp (exited threads are not live), and nothing of it is in flight: the check does not rely
  // on the tracker's order (the order only guarantees that the other paths run first).
  logic [W-1:0] bar_at, bar_rel;
  logic         all_at;
  always_comb begin
    all_at = 1'b0;
    for (int w = 0; w < W; w++)
      bar_at[w] = (tr_done[w] && !init_q[w]) || (parked[w] && !rel_q[w] && !busyw[w] && tr_path_valid[w]
                  && tr_path_mask[w] == live_q[w]);
    bar_rel = '0;
    for (int w = 0; w < W; w++) begin
      if (slot_lead[w]) begin
        all_at = 1'b1;
        for (int v = 0; v < W; v++) if (v >= w && v < w + int'(g) && !bar_at[v]) all_at = 1'b0;
        for (int v = 0; v < W; v++) if (v >= w && v < w + int'(g)) bar_rel[v] = all_at;
      end
    end
  end

  assign wa = RA'(32 * int'(ww)) + RA'(wb_rd);
  // register file: no reset (a RAM on an FPGA); programs initialise what they read, as on any
  // RISC-V core (the test start-up code clears x1..x31)
  always_ff @(posedge clk_i) begin
    if (wb_fire)
      for (int t = 0; t < T; t++) begin
        if (wen[t] && !wb_rdfp) rf_mem[wa][32*t +: 32]  <= wdata[t];
        if (wen[t] && wb_rdfp)  frf_mem[wa][32*t +: 32] <= wdata[t];
      end
  end

  // ---- state ----------------------------------------------------------------------------------------
  // all_idle: every warp finished; drained: nothing in flight (an error stops the core there,
  // leaving its live threads in the trackers: the core then needs a reset, docs/simt.md "Errors").
  // Then the L1 is flushed (dirty lines written back, every line invalidated) and the core is done,
  // so the host sees the kernel's stores in memory and the next kernel starts on an empty L1.
  logic all_idle, drained, dirty_q, fin, fl_q;
  logic [31:0] popc;
  always_comb begin
    all_idle = !ic_busy && !lsu_busy;
    drained  = !ic_busy && !lsu_busy;
    for (int w = 0; w < W; w++) begin
      if (!slot_free[w] || init_q[w]) all_idle = 1'b0;
      if (busyw[w]) drained = 1'b0;
    end
    popc = '0;
    for (int t = 0; t < T; t++) popc = popc + 32'(mask[t]);
    fin = busy_q && !start && !fl_q && ((error_q && drained) || (all_idle && next_base_q >= threads_q));
  end
  assign l1_flush = fin;

  // ---- counters (docs/simt.md "Counters") --------------------------------------------------------
  logic [31:0] live_n, bar_n;
  logic [1:0]  nreads;
  always_comb begin
    live_n = '0;
    for (int t = 0; t < T; t++) live_n = live_n + 32'(live_q[c][t]);
    bar_n = '0;
    for (int w = 0; w < W; w++) bar_n = bar_n + 32'(bar_q[w]);
    // register operands read (VGIW Fig. 3: one access per operand of a warp instruction)
    nreads = 2'(use1 && (rs1_fp || rs1 != 5'd0)) + 2'(use2 && (rs2_fp || rs2 != 5'd0)) + 2'(use3);
    sc_inc = '0;
    sc_inc[vgiw_cfg_pkg::CNT_SIMT_WARP_INSTR - vgiw_cfg_pkg::CNT_SIMT]     = 64'(fire);
    sc_inc[vgiw_cfg_pkg::CNT_SIMT_THREAD_INSTR - vgiw_cfg_pkg::CNT_SIMT]   = fire ? 64'(popc) : 64'd0;
    sc_inc[vgiw_cfg_pkg::CNT_SIMT_LIVE_LANES - vgiw_cfg_pkg::CNT_SIMT]     = fire ? 64'(live_n) : 64'd0;
    sc_inc[vgiw_cfg_pkg::CNT_SIMT_DIVERGED_INSTR - vgiw_cfg_pkg::CNT_SIMT] = 64'(fire && mask != live_q[c]);
    sc_inc[vgiw_cfg_pkg::CNT_SIMT_SPLITS - vgiw_cfg_pkg::CNT_SIMT]         =
      64'(wb_fire && wb_end && !wb_err && c_a_mask != '0 && c_b_mask != '0);
    sc_inc[vgiw_cfg_pkg::CNT_SIMT_MEM_INSTR - vgiw_cfg_pkg::CNT_SIMT]      = 64'(fire && (kind == K_LOAD || kind == K_STORE));
    sc_inc[vgiw_cfg_pkg::CNT_SIMT_L1_MERGED - vgiw_cfg_pkg::CNT_SIMT]      = 64'(lsu_inc_merged);
    sc_inc[vgiw_cfg_pkg::CNT_SIMT_RF_READS - vgiw_cfg_pkg::CNT_SIMT]       = fire ? 64'(nreads) : 64'd0;
    sc_inc[vgiw_cfg_pkg::CNT_SIMT_RF_WRITES - vgiw_cfg_pkg::CNT_SIMT]      = 64'(wb_fire && wen != '0);
    sc_inc[vgiw_cfg_pkg::CNT_SIMT_BAR_WAIT - vgiw_cfg_pkg::CNT_SIMT]       = busy_q ? 64'(bar_n) : 64'd0;
    sc_inc[vgiw_cfg_pkg::CNT_SIMT_HAZARD_STALL - vgiw_cfg_pkg::CNT_SIMT]   =
      64'(have && ic_hit && !range_err && !issue_err && hazard);
    sc_inc[vgiw_cfg_pkg::CNT_SIMT_UNIT_STALL - vgiw_cfg_pkg::CNT_SIMT]     =
      64'(have && ic_hit && !range_err && !issue_err && !hazard && !unit_ready);
    sc_inc[vgiw_cfg_pkg::CNT_SIMT_FETCH_STALL - vgiw_cfg_pkg::CNT_SIMT]    = 64'(have && !range_err && !ic_hit);
    sc_inc[vgiw_cfg_pkg::CNT_SIMT_ISSUE_IDLE - vgiw_cfg_pkg::CNT_SIMT]     = 64'(busy_q && !fl_q && !have);
    xc_inc = '0;
    xc_inc[vgiw_cfg_pkg::CNT_L1_ACCESS - vgiw_cfg_pkg::CNT_EXT]        = 64'(l1_inc.access);
    xc_inc[vgiw_cfg_pkg::CNT_L1_HIT - vgiw_cfg_pkg::CNT_EXT]           = 64'(l1_inc.hit);
    xc_inc[vgiw_cfg_pkg::CNT_L1_MISS - vgiw_cfg_pkg::CNT_EXT]          = 64'(l1_inc.miss);
    xc_inc[vgiw_cfg_pkg::CNT_L1_BANK_CONFLICT - vgiw_cfg_pkg::CNT_EXT] = 64'(l1_inc.conflict);
    xc_inc[vgiw_cfg_pkg::CNT_L1_WRITEBACK - vgiw_cfg_pkg::CNT_EXT]     = 64'(l1_inc.writeback);
    xc_inc[vgiw_cfg_pkg::CNT_L1_MSHR_STALL - vgiw_cfg_pkg::CNT_EXT]    = 64'(l1_inc.mshr_stall);
    xc_inc[vgiw_cfg_pkg::CNT_L1_REFILL - vgiw_cfg_pkg::CNT_EXT]        = 64'(l1_inc.refill);
    xc_inc[vgiw_cfg_pkg::CNT_L1_MISS_CYCLES - vgiw_cfg_pkg::CNT_EXT]   = 64'(l1_inc.miss_wait);
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sc_q <= '0;
      xc_q <= '0;
    end else if (start) begin
      sc_q <= '0;
      xc_q <= '0;
    end else begin
      for (int i = 0; i < NSC; i++) sc_q[i] <= sc_q[i] + sc_inc[i];
      for (int i = 0; i < NXC; i++) xc_q[i] <= xc_q[i] + xc_inc[i];
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q <= 1'b0; done_q <= 1'b0; error_q <= 1'b0; err_code_q <= '0; dirty_q <= 1'b0; fl_q <= 1'b0;
      fault_pc_q <= '0; fault_warp_q <= '0; cnt_q <= '0;
      init_q <= '0; bar_q <= '0; rel_q <= '0; bar_pc_q <= '0; bar_depth_q <= '0;
      nfl_q <= '0; wait_q <= '0; ahead_q <= '0; hz_q <= '0; apc_q <= '0; live_q <= '0;
      pend_x_q <= '0; pend_f_q <= '0;
      slot_base_q <= '0; slot_wg_q <= '0;
      i_pc_q <= '0; i_tgt_q <= '0; i_depth_q <= '0; i_mask_q <= '0; i_kind_q <= '0;
      i_rs1ra_q <= '0; next_base_q <= '0; next_wg_q <= '0; rr_q <= '0;
      long_busy_q <= 1'b0; long_pend_q <= '0; long_res_q <= '0; long_tag_q <= '0;
      fcsr_q <= '0; long_flags_q <= '0;
    end else begin
      // launch
      if (start) begin
        busy_q <= 1'b1; done_q <= 1'b0; error_q <= 1'b0; err_code_q <= '0;
        next_base_q <= '0; next_wg_q <= '0; bar_q <= '0; rel_q <= '0; cnt_q <= '0;
        if (threads_q == '0 || !g_ok || dirty_q || code_hi_q > PARK) begin
          error_q <= 1'b1; err_code_q <= vgiw_cfg_pkg::ERR_BAD_LAUNCH;
        end
      end
      if (busy_q) cnt_q[0] <= cnt_q[0] + 64'd1;
      if (fin) begin
        fl_q    <= 1'b1;
        dirty_q <= dirty_q || !all_idle;
      end
      if (fl_q && l1_flush_done) begin
        fl_q   <= 1'b0;
        busy_q <= 1'b0;
        done_q <= 1'b1;
      end
      if (busy_q && mem_err && !error_q) begin
        error_q <= 1'b1; err_code_q <= vgiw_cfg_pkg::ERR_MEMORY;
      end
      // dispatch
      for (int w = 0; w < W; w++) if (init_q[w] && !tr_done[w]) init_q[w] <= 1'b0;
      if (disp) begin
        next_base_q <= next_base_q + 32'(g) * 32'(T);
        next_wg_q   <= next_wg_q + 32'd1;
        for (int v = 0; v < W; v++) begin
          if (v >= int'(disp_lead) && v < int'(disp_lead) + int'(g)) begin
            slot_base_q[v] <= next_base_q + 32'(slot_j[v]) * 32'(T);
            slot_wg_q[v]   <= next_wg_q;
            if (tr_init[v]) begin
              init_q[v] <= 1'b1;
              live_q[v] <= tr_init_mask[v];
              fcsr_q[v] <= '0;                  // a thread starts with RNE and no flags
            end
          end
        end
      end
      // writeback: scoreboard, in-flight count, commit of an end instruction
      if (wb_fire) begin
        hz_q[ww] <= 1'b0;
        if (wb_rdfp) pend_f_q[ww][wb_rd] <= 1'b0;
        else         pend_x_q[ww][wb_rd] <= 1'b0;
        if (wb_src == 3'd1) long_busy_q <= 1'b0;
        for (int t = 0; t < T; t++) if (wb_mask[t]) fcsr_q[ww][t][4:0] <= fcsr_q[ww][t][4:0] | wflags[t];
        if (wb_end) begin
          wait_q[ww] <= 1'b0;
          live_q[ww] <= live_q[ww] & ~(wb_mask & ~(c_a_mask | c_b_mask));
        end
        if (bar_set) begin
          bar_q[ww]       <= 1'b1;
          bar_pc_q[ww]    <= i_pc_q[ww] + 32'd4;
          bar_depth_q[ww] <= i_depth_q[ww];
        end
        if (wb_err && !error_q) begin
          error_q <= 1'b1; err_code_q <= wb_code; fault_pc_q <= i_pc_q[ww]; fault_warp_q <= ww;
        end
      end
      for (int w = 0; w < W; w++) begin
        logic [FW-1:0] n;
        n = nfl_q[w];
        if (wb_fire && ww == WB'(w)) n = n - FW'(1);
        if (fire && c == WB'(w)) n = n + FW'(1);
        nfl_q[w] <= n;
      end
      // issue
      if (have) rr_q <= (c == WB'(W - 1)) ? '0 : c + WB'(1);
      if (issue_err && !error_q) begin
        error_q <= 1'b1; err_code_q <= issue_code; fault_pc_q <= pc; fault_warp_q <= c;
      end
      // a hazard: the warp waits for one of its instructions to write back (only that can clear it)
      if (have && ic_hit && !range_err && !issue_err && hazard && !(wb_fire && ww == c)) hz_q[c] <= 1'b1;
      if (fire) begin
        if (writes) begin
          if (rd_fp) pend_f_q[c][rd] <= 1'b1;
          else       pend_x_q[c][rd] <= 1'b1;
        end
        if (is_end) begin
          wait_q[c]    <= 1'b1;
          ahead_q[c]   <= 1'b0;
          i_pc_q[c]    <= pc;
          i_tgt_q[c]   <= pc + imm;
          i_depth_q[c] <= tr_path_depth[c];
          i_mask_q[c]  <= mask;
          i_kind_q[c]  <= kind;
          i_rs1ra_q[c] <= rs1 == 5'd1 && !rs1_fp;
        end else begin
          ahead_q[c] <= 1'b1;
          apc_q[c]   <= pc + 32'd4;
        end
        // FP CSR write (the warp has nothing in flight: "hazard"); the old value went to rd
        if (fcsr_op)
          for (int t = 0; t < T; t++)
            if (mask[t]) fcsr_q[c][t] <= fcsr_wr(f3[1:0], csr[1:0], fcsr_q[c][t], f3[2] ? 8'(rs1) : rs1v[t][7:0]);
        cnt_q[1]      <= cnt_q[1] + 64'd1;
        cnt_q[2]      <= cnt_q[2] + 64'(popc);
        if (kind == K_LOAD || kind == K_STORE) cnt_q[3] <= cnt_q[3] + 64'd1;
        if (kind == K_LONG && !is_cmp && !is_cvt) begin
          long_busy_q <= 1'b1;
          long_tag_q  <= tag;
          long_pend_q <= mask;
        end
      end
      // long unit results
      for (int t = 0; t < T; t++) begin
        if (long_out_valid[t]) begin
          long_res_q[t]  <= long_res[t];
          long_flags_q[t] <= long_flags[t];
          long_pend_q[t] <= 1'b0;
        end
      end
      for (int w = 0; w < W; w++) if (bar_rel[w] && bar_at[w] && bar_q[w]) rel_q[w] <= 1'b1;
      if (rs_fire) begin
        bar_q[rs_w] <= 1'b0;
        rel_q[rs_w] <= 1'b0;
      end
    end
  end

`ifndef SYNTHESIS
  // an end instruction commits the path it was issued from (its warp issued nothing since)
  a_end_path: assert property (@(posedge clk_i) disable iff (!rst_ni)
      !(wb_fire && wb_end) || (tr_path_mask[ww] == wb_mask && i_mask_q[ww] == wb_mask
                               && tr_path_depth[ww] == i_depth_q[ww]))
    else $error("simt_core: warp %0d commits lanes %h, its path holds %h", ww, wb_mask, tr_path_mask[ww]);
  a_scoreboard: assert property (@(posedge clk_i) disable iff (!rst_ni)
      !(wb_fire && (wb_rd != 5'd0 || wb_rdfp)) || (wb_rdfp ? pend_f_q[ww][wb_rd] : pend_x_q[ww][wb_rd]))
    else $error("simt_core: write of register %0d not on the scoreboard", wb_rd);
`endif
endmodule
