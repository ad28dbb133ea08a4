// The MT-CGRF fabric (VGIW §3.5, SGMF §5): the preset's grid of units and switches,
// wired by the tables that tools/fabric_topology.py generates into vgiw_cfg_pkg
// (docs/fabric.md). Configuration shifts in along CFG_CHAINS row chains, K =
// FABRIC_CFG_SHIFT_WORDS 32-bit words per chain per cycle (VGIW §3.2: a reconfiguration from
// the configuration FIFO takes 34 cycles in the prototype); clear_i empties all thread state
// between blocks.
// LDST, LVU and CVU units get the external ports of their type, indexed by UNIT_INDEX.
module vgiw_fabric #(
  localparam int unsigned NC    = vgiw_cfg_pkg::UNITS_CVU,
  localparam int unsigned NL    = vgiw_cfg_pkg::UNITS_LDST,
  localparam int unsigned NV    = vgiw_cfg_pkg::UNITS_LVU,
  localparam int unsigned U     = vgiw_cfg_pkg::FABRIC_UNITS,
  localparam int unsigned CH    = vgiw_cfg_pkg::CFG_CHAINS,
  localparam int unsigned K     = vgiw_cfg_pkg::FABRIC_CFG_SHIFT_WORDS,
  localparam int unsigned GW    = vgiw_cfg_pkg::DESC_W_LOCAL_SPAN - vgiw_cfg_pkg::DESC_W_LSIZE0 + 1,
  localparam int unsigned CB    = vgiw_cfg_pkg::CVU_BATCH_BITS,
  localparam int unsigned CD    = vgiw_cfg_pkg::CVU_DONE_BITS,
  localparam int unsigned LQ    = vgiw_cfg_pkg::LDST_REQ_BITS,
  localparam int unsigned LS    = vgiw_cfg_pkg::LDST_RSP_BITS,
  localparam int unsigned VQ    = vgiw_cfg_pkg::LV_REQ_BITS,
  localparam int unsigned VS    = vgiw_cfg_pkg::LV_RSP_BITS
) (
  input  logic                       clk_i,
  input  logic                       rst_ni,
  input  logic                       clear_i,
  // configuration
  input  logic                       cfg_shift_i,
  input  logic                       cfg_bg_i,     // the shift is a background one (a block runs)
  input  logic                       cfg_load_i,   // shadow -> live configuration (FABRIC_CFG_SHADOW)
  input  logic [K-1:0][CH-1:0][31:0] cfg_word_i,   // [k][chain]: k = K-1 enters last (on top)
  input  logic [31:0]                tile_base_i,
  input  logic [GW-1:0][31:0]        geom_i,       // NDRange geometry for the CVUs (descriptor)
  // control vector units: thread batches in, finished batches out; load/store units: memory
  // ports; live value units: live value ports (bundles of arch/formats.toml,
  // docs/architecture-description.md "Records and bundles")
  input  logic [NC-1:0]              cvu_batch_valid_i,
  output logic [NC-1:0]              cvu_batch_ready_o,
  input  logic [NC-1:0][CB-1:0]      cvu_batch_i,
  output logic [NC-1:0]              cvu_done_valid_o,
  input  logic [NC-1:0]              cvu_done_ready_i,
  output logic [NC-1:0][CD-1:0]      cvu_done_o,
  output logic [NL-1:0]              ldst_req_valid_o,
  input  logic [NL-1:0]              ldst_req_ready_i,
  output logic [NL-1:0][LQ-1:0]      ldst_req_o,
  input  logic [NL-1:0]              ldst_rsp_valid_i,
  input  logic [NL-1:0][LS-1:0]      ldst_rsp_i,
  output logic [NV-1:0]              lv_req_valid_o,
  input  logic [NV-1:0]              lv_req_ready_i,
  output logic [NV-1:0][VQ-1:0]      lv_req_o,
  input  logic [NV-1:0]              lv_rsp_valid_i,
  input  logic [NV-1:0][VS-1:0]      lv_rsp_i,
  // status and statistics
  output logic                       busy_o,        // some token or thread state is held
  output logic [U-1:0]               unit_fire_o,   // unit started an operation
  output logic                       error_o        // sticky: misaligned access, unknown thread
);
  localparam int unsigned S     = vgiw_cfg_pkg::FABRIC_SWITCHES;
  localparam int unsigned L     = vgiw_cfg_pkg::FABRIC_LINKS;
  localparam int unsigned SL    = vgiw_cfg_pkg::FABRIC_SLOTS;
  localparam int unsigned LB    = vgiw_cfg_pkg::FABRIC_LINK_BITS;
  localparam int unsigned SB    = vgiw_cfg_pkg::FABRIC_SLOT_BITS;
  localparam int unsigned TB    = vgiw_cfg_pkg::TOKEN_BITS;
  localparam int unsigned COLS  = vgiw_cfg_pkg::GRID_COLS;
  localparam int unsigned SCOLS = vgiw_cfg_pkg::GRID_SWITCH_COLS;
  localparam int unsigned MAXW  = vgiw_cfg_pkg::CFG_CHAIN_WORDS;
  localparam int unsigned NP    = vgiw_cfg_pkg::FABRIC_PAIRED_SLOTS / 2;   // data links from units
  localparam int unsigned IL    = 12 - NP;   // data links into a unit or switch (12 slots each)
  // A link carries a token in FL flits of FW bits (docs/fabric.md "Links in flits"): units
  // see whole tokens, links, slots and switches see flits.
  localparam int unsigned FL    = vgiw_cfg_pkg::FABRIC_LINK_FLITS;
  localparam int unsigned FW    = vgiw_cfg_pkg::FABRIC_FLIT_BITS;

  // The slot whose token travels on incoming data link k: slot 2k (= 2k+1's data) from a
  // unit, k + NP from a switch (docs/fabric.md "Interconnect").
  function automatic int unsigned link_slot(int unsigned k);
    link_slot = (k < NP) ? 2 * k : k + NP;
  endfunction

  // ---- configuration chains -------------------------------------------------------------
  // Chain i holds switch row i and unit row i; K new words enter at the top each shift and
  // the chain moves K words toward word 0, so the first word shifted in ends at the far
  // (right) end. K words per cycle divide the shift cycles by K (docs/fabric.md
  // "Configuration"); words pushed past word 0 fall off, as the padding of short chains does.
  // chain_q is the live configuration the units read. With FABRIC_CFG_SHADOW the words shift
  // into a shadow copy instead, and cfg_load_i copies the shadow into chain_q in one cycle (an
  // enable, no multiplexer): the BBS shifts the next block in while the current one runs
  // (docs/ctrl.md "Shadow configuration", VGIW §3.2's hidden reconfiguration).
  localparam bit SHADOW = vgiw_cfg_pkg::FABRIC_CFG_SHADOW;
  logic [CH-1:0][32*MAXW-1:0] chain_q;

  for (genvar i = 0; i < CH; i++) begin : g_chain
    localparam int unsigned LEN = 32'(vgiw_cfg_pkg::CFG_CHAIN_LEN[16*i +: 16]);
    logic [32*LEN-1:0] shift_q;                    // the chain that shifts (the shadow, or the live one)
    /* verilator lint_off UNUSEDSIGNAL */
    logic [32*(LEN+K)-1:0] pushed;                 // its K lowest words fall off the chain
    /* verilator lint_on UNUSEDSIGNAL */
    always_comb begin
      pushed = '0;
      pushed[32*LEN-1:0] = shift_q;
      for (int k = 0; k < K; k++) pushed[32*(LEN+k) +: 32] = cfg_word_i[k][i];
    end
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        shift_q <= '0;
      end else if (cfg_shift_i) begin
        shift_q <= pushed[32*(LEN+K)-1:32*K];
      end
    end
    if (SHADOW) begin : g_shadow
      logic [32*LEN-1:0] live_q;
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          live_q <= '0;
        end else if (cfg_load_i) begin
          live_q <= shift_q;
        end
      end
      assign chain_q[i][32*LEN-1:0] = live_q;
    end else begin : g_live
      assign chain_q[i][32*LEN-1:0] = shift_q;
    end
    if (LEN < MAXW) begin : g_pad
      assign chain_q[i][32*MAXW-1:32*LEN] = '0;
    end
  end
  /* verilator lint_off UNUSEDSIGNAL */
  logic unused_load;                               // no shadow: nothing to load
  assign unused_load = cfg_load_i;
  /* verilator lint_on UNUSEDSIGNAL */

  // ---- links and slots ----------------------------------------------------------------------
  // split_var: Verilator would otherwise see each whole vector as one node and report
  // combinational loops that do not exist bit by bit (UNOPTFLAT).
  logic [L-1:0]         link_valid /*verilator split_var*/;
  logic [L-1:0]         link_ready /*verilator split_var*/;
  // Only unit outputs (links below 16*U) need to know who listens: a switch output sends
  // only what its own select routes to it.
  /* verilator lint_off UNUSEDSIGNAL */
  logic [L-1:0]         link_used  /*verilator split_var*/;
  /* verilator lint_on UNUSEDSIGNAL */
  // Token vectors carry data only (no combinational loop runs through them): not split,
  // since Verilator rebuilds a split vector by chained concatenation whenever a slice of it
  // goes to a port, which costs time quadratic in the fabric size on every evaluation.
  logic [L-1:0][FW-1:0] link_tok;
  logic [SL-1:0]        slot_valid /*verilator split_var*/;
  logic [SL-1:0][FW-1:0] slot_tok;
  logic [SL-1:0]        slot_ready /*verilator split_var*/;
  logic [SL-1:0]        slot_used  /*verilator split_var*/;
  // The data links into each unit and switch: slots 2k and 2k+1 (out0 and out1 of the unit
  // in direction k) share one (the sender drives both with the output selected there), then
  // the four slots from switches (vgiw_slot_select's PAIRS; docs/fabric.md "Interconnect").
  logic [IL*U-1:0][FW-1:0] unit_in_tok;
  logic [IL*S-1:0][FW-1:0] switch_in_tok;
  logic [U-1:0]           unit_conflict;
  logic [S-1:0]           switch_conflict;

  // Per-unit port bundles, declared here because Yosys cannot size packed 2-D arrays
  // declared inside generate blocks (docs/sv-subset.md).
  logic [4*U-1:0]         in_used, in_valid, in_ready;
  logic [4*U-1:0][TB-1:0] in_tok;
  logic [4*U-1:0][3:0]    in_sel;
  logic [2*U-1:0]         out_valid, out_ready;
  logic [2*U-1:0][TB-1:0] out_tok;
  // the same ports on the links' side of the flit senders and receivers
  logic [4*U-1:0]         in_flit_valid, in_flit_ready, in_flit_busy;
  logic [4*U-1:0][FW-1:0] in_flit;
  logic [2*U-1:0]         out_flit_valid, out_flit_ready, out_flit_busy;
  logic [2*U-1:0][FW-1:0] out_flit;
  /* verilator lint_off UNUSEDSIGNAL */  // unit_operands is used for its input mask only
  logic [3*U-1:0][31:0]   no_operands;
  /* verilator lint_on UNUSEDSIGNAL */

  // Every incoming slot is fed by the outgoing link the tables name (or by nothing).
  for (genvar i = 0; i < SL; i++) begin : g_slot
    localparam int unsigned SRC = 32'(vgiw_cfg_pkg::SLOT_SRC[LB*i +: LB]);
    if (SRC == vgiw_cfg_pkg::LINK_NONE) begin : g_none
      assign slot_valid[i] = 1'b0;
      assign slot_tok[i]   = '0;
    end else begin : g_src
      assign slot_valid[i] = link_valid[SRC];
      assign slot_tok[i]   = link_tok[SRC];
    end
  end

  for (genvar l = 0; l < L; l++) begin : g_link
    localparam int unsigned DST = 32'(vgiw_cfg_pkg::LINK_DST[SB*l +: SB]);
    if (DST == vgiw_cfg_pkg::SLOT_NONE) begin : g_open
      assign link_ready[l] = 1'b1;   // a link off the grid edge: nobody listens
      assign link_used[l]  = 1'b0;
    end else begin : g_wired
      assign link_ready[l] = slot_ready[DST];
      assign link_used[l]  = slot_used[DST];
    end
  end

  // ---- units ----------------------------------------------------------------------------
  logic [U-1:0] unit_busy, unit_error;

  for (genvar u = 0; u < U; u++) begin : g_unit
    localparam int unsigned TYPE = 32'(vgiw_cfg_pkg::UNIT_TYPE[3*u +: 3]);
    localparam int unsigned IDX  = 32'(vgiw_cfg_pkg::UNIT_INDEX[8*u +: 8]);
    localparam int unsigned ROW  = u / COLS;
    localparam int unsigned OFF  = 32'(vgiw_cfg_pkg::UNIT_CFG_OFF[16*u +: 16]);

    vgiw_cfg_pkg::unit_cfg_t cfg;
    assign cfg = chain_q[ROW][32*OFF +: 128];

    // incoming slots 12u..12u+11 -> the four inputs
    vgiw_unit_operands u_used (
      .cfg_i     (cfg),
      .tb_data_i ('0),
      .used_o    (in_used[4*u +: 4]),
      .operand_o (no_operands[3*u +: 3])
    );
    for (genvar k = 0; k < 4; k++) begin : g_sel
      assign in_sel[4*u + k] = cfg.in_sel[4*k +: 4];
    end

    for (genvar k = 0; k < IL; k++) begin : g_in_link
      assign unit_in_tok[IL*u + k] = slot_tok[12*u + link_slot(k)];
    end

    vgiw_slot_select #(.SLOTS(12), .PORTS(4), .PAIRS(NP), .W(FW)) u_inputs (
      .clk_i, .rst_ni, .clear_i,
      .sel_i        (in_sel[4*u +: 4]),
      .enable_i     (in_used[4*u +: 4]),
      .slot_valid_i (slot_valid[12*u +: 12]),
      .link_data_i  (unit_in_tok[IL*u +: IL]),
      .slot_ready_o (slot_ready[12*u +: 12]),
      .slot_used_o  (slot_used[12*u +: 12]),
      .port_valid_o (in_flit_valid[4*u +: 4]),
      .port_data_o  (in_flit[4*u +: 4]),
      .port_ready_i (in_flit_ready[4*u +: 4]),
      .conflict_o   (unit_conflict[u])
    );

    for (genvar k = 0; k < 4; k++) begin : g_rx
      vgiw_flit_rx #(.TW(TB), .FLITS(FL), .FW(FW)) u_rx (
        .clk_i, .rst_ni, .clear_i,
        .valid_i (in_flit_valid[4*u + k]),
        .flit_i  (in_flit[4*u + k]),
        .ready_o (in_flit_ready[4*u + k]),
        .valid_o (in_valid[4*u + k]),
        .tok_o   (in_tok[4*u + k]),
        .ready_i (in_ready[4*u + k]),
        .busy_o  (in_flit_busy[4*u + k])
      );
    end

    for (genvar o = 0; o < 2; o++) begin : g_tx
      vgiw_flit_tx #(.TW(TB), .FLITS(FL), .FW(FW)) u_tx (
        .clk_i, .rst_ni, .clear_i,
        .valid_i (out_valid[2*u + o]),
        .tok_i   (out_tok[2*u + o]),
        .ready_o (out_ready[2*u + o]),
        .valid_o (out_flit_valid[2*u + o]),
        .flit_o  (out_flit[2*u + o]),
        .ready_i (out_flit_ready[2*u + o]),
        .busy_o  (out_flit_busy[2*u + o])
      );
    end

    vgiw_unit_outputs #(.W(FW)) u_outputs (
      .clk_i, .rst_ni, .clear_i,
      .out_valid_i  (out_flit_valid[2*u +: 2]),
      .out_tok_i    (out_flit[2*u +: 2]),
      .out_ready_o  (out_flit_ready[2*u +: 2]),
      .link_valid_o (link_valid[16*u +: 16]),
      .link_tok_o   (link_tok[16*u +: 16]),
      .link_ready_i (link_ready[16*u +: 16]),
      .link_used_i  (link_used[16*u +: 16])
    );

    if (TYPE == 32'(vgiw_fu_pkg::UNIT_CU)) begin : g_cu
      vgiw_cu_unit u_cu (
        .clk_i, .rst_ni, .clear_i, .cfg_i (cfg),
        .in_valid_i (in_valid[4*u +: 4]), .in_tok_i (in_tok[4*u +: 4]), .in_ready_o (in_ready[4*u +: 4]),
        .out_valid_o (out_valid[2*u +: 2]), .out_tok_o (out_tok[2*u +: 2]), .out_ready_i (out_ready[2*u +: 2]),
        .busy_o (unit_busy[u]), .fire_o (unit_fire_o[u])
      );
      assign unit_error[u] = 1'b0;
    end else if (TYPE == 32'(vgiw_fu_pkg::UNIT_SCU)) begin : g_scu
      vgiw_scu_unit u_scu (
        .clk_i, .rst_ni, .clear_i, .cfg_i (cfg),
        .in_valid_i (in_valid[4*u +: 4]), .in_tok_i (in_tok[4*u +: 4]), .in_ready_o (in_ready[4*u +: 4]),
        .out_valid_o (out_valid[2*u +: 2]), .out_tok_o (out_tok[2*u +: 2]), .out_ready_i (out_ready[2*u +: 2]),
        .busy_o (unit_busy[u]), .fire_o (unit_fire_o[u])
      );
      assign unit_error[u] = 1'b0;
    end else if (TYPE == 32'(vgiw_fu_pkg::UNIT_SJU)) begin : g_sju
      vgiw_sju_unit u_sju (
        .clk_i, .rst_ni, .clear_i, .cfg_i (cfg),
        .in_valid_i (in_valid[4*u +: 4]), .in_tok_i (in_tok[4*u +: 4]), .in_ready_o (in_ready[4*u +: 4]),
        .out_valid_o (out_valid[2*u +: 2]), .out_tok_o (out_tok[2*u +: 2]), .out_ready_i (out_ready[2*u +: 2]),
        .busy_o (unit_busy[u]), .fire_o (unit_fire_o[u])
      );
      assign unit_error[u] = 1'b0;
    end else if (TYPE == 32'(vgiw_fu_pkg::UNIT_LDST)) begin : g_ldst
      vgiw_ldst_unit u_ldst (
        .clk_i, .rst_ni, .clear_i, .cfg_i (cfg),
        .in_valid_i (in_valid[4*u +: 4]), .in_tok_i (in_tok[4*u +: 4]), .in_ready_o (in_ready[4*u +: 4]),
        .out_valid_o (out_valid[2*u +: 2]), .out_tok_o (out_tok[2*u +: 2]), .out_ready_i (out_ready[2*u +: 2]),
        .busy_o (unit_busy[u]), .fire_o (unit_fire_o[u]),
        .ldst_req_valid_o (ldst_req_valid_o[IDX]), .ldst_req_ready_i (ldst_req_ready_i[IDX]),
        .ldst_req_o       (ldst_req_o[IDX]),
        .ldst_rsp_valid_i (ldst_rsp_valid_i[IDX]), .ldst_rsp_i       (ldst_rsp_i[IDX]),
        .error_o          (unit_error[u])
      );
    end else if (TYPE == 32'(vgiw_fu_pkg::UNIT_LVU)) begin : g_lvu
      vgiw_lvu_unit u_lvu (
        .clk_i, .rst_ni, .clear_i, .cfg_i (cfg),
        .in_valid_i (in_valid[4*u +: 4]), .in_tok_i (in_tok[4*u +: 4]), .in_ready_o (in_ready[4*u +: 4]),
        .out_valid_o (out_valid[2*u +: 2]), .out_tok_o (out_tok[2*u +: 2]), .out_ready_i (out_ready[2*u +: 2]),
        .busy_o (unit_busy[u]), .fire_o (unit_fire_o[u]),
        .lv_req_valid_o (lv_req_valid_o[IDX]), .lv_req_ready_i (lv_req_ready_i[IDX]),
        .lv_req_o       (lv_req_o[IDX]),
        .lv_rsp_valid_i (lv_rsp_valid_i[IDX]), .lv_rsp_i       (lv_rsp_i[IDX])
      );
      assign unit_error[u] = 1'b0;
    end else begin : g_cvu
      vgiw_cvu_unit u_cvu (
        // the CVU's coordinate setup starts on a shift of a new configuration after a clear; a
        // background shift is not one (the block that runs keeps its CVUs)
        .clk_i, .rst_ni, .clear_i, .cfg_shift_i (cfg_shift_i && !cfg_bg_i), .cfg_i (cfg),
        .in_valid_i (in_valid[4*u +: 4]), .in_tok_i (in_tok[4*u +: 4]), .in_ready_o (in_ready[4*u +: 4]),
        .out_valid_o (out_valid[2*u +: 2]), .out_tok_o (out_tok[2*u +: 2]), .out_ready_i (out_ready[2*u +: 2]),
        .busy_o (unit_busy[u]), .fire_o (unit_fire_o[u]),
        .tile_base_i, .geom_i,
        .cvu_batch_valid_i (cvu_batch_valid_i[IDX]), .cvu_batch_ready_o (cvu_batch_ready_o[IDX]),
        .cvu_batch_i       (cvu_batch_i[IDX]),
        .cvu_done_valid_o  (cvu_done_valid_o[IDX]),  .cvu_done_ready_i  (cvu_done_ready_i[IDX]),
        .cvu_done_o        (cvu_done_o[IDX]),        .error_o           (unit_error[u])
      );
    end
  end

  // ---- switches -------------------------------------------------------------------------
  logic [S-1:0] switch_busy;

  for (genvar s = 0; s < S; s++) begin : g_switch
    localparam int unsigned ROW = s / SCOLS;
    localparam int unsigned OFF = 32'(vgiw_cfg_pkg::SWITCH_CFG_OFF[16*s +: 16]);

    vgiw_cfg_pkg::switch_cfg_t cfg;
    assign cfg = chain_q[ROW][32*OFF +: 32];

    localparam int unsigned BASE = 12*U + 12*s;   // this switch's incoming slots

    for (genvar k = 0; k < IL; k++) begin : g_in_link
      assign switch_in_tok[IL*s + k] = slot_tok[BASE + link_slot(k)];
    end

    vgiw_fabric_switch #(.W(FW)) u_switch (
      .clk_i, .rst_ni, .clear_i,
      .cfg_i        (cfg),
      .slot_valid_i (slot_valid[BASE +: 12]),
      .in_tok_i     (switch_in_tok[IL*s +: IL]),
      .slot_ready_o (slot_ready[BASE +: 12]),
      .slot_used_o  (slot_used[BASE +: 12]),
      .link_valid_o (link_valid[16*U + 8*s +: 8]),
      .link_tok_o   (link_tok[16*U + 8*s +: 8]),
      .link_ready_i (link_ready[16*U + 8*s +: 8]),
      .busy_o       (switch_busy[s]),
      .conflict_o   (switch_conflict[s])
    );
  end

  assign busy_o  = |unit_busy || |switch_busy || |in_flit_busy || |out_flit_busy;
  // a receiver that takes both outputs of one neighbour (a configuration error) is a fabric
  // error, like a misaligned access
  assign error_o = |unit_error || |unit_conflict || |switch_conflict;
endmodule
