// Simulation-only wrapper of the fabric for tb/fabric/fabric_tb.c (docs/fabric-tests.md):
// every port of `fabric`, plus monitors the C harness checks every cycle and assertions
// on token conservation.
//   mon_in_*  : each unit input's transfers (valid && ready), registered at the edge, so
//               the harness reads after sim_step() exactly the tokens accepted by it.
//   mon_out_* : each unit output's transfers into its fan-out (dropped ones included).
//   mon_fire_o: unit firings (unit_fire_o), registered the same way.
//   mon_*_cfg : the configuration records the units and switches decode from the chains.
// Assertions (SVA, simulation only): whenever the fabric is idle, every used input of
// every unit has accepted exactly one token per firing of that unit (CVU: one outcome
// per injected thread), i.e. the interconnect lost and duplicated no token; at all times
// no unit fired more often than an input delivered nor holds more than DEPTH tokens of
// one input; and every waiting token (valid && !ready) on a unit input or output or a
// switch link stays valid and unchanged until taken. vgiw_token_buffer.sv adds per-entry
// checks (no overwrite, every accepted token stored).
module vgiw_fabric_tb_top #(
  localparam int unsigned NC    = vgiw_cfg_pkg::UNITS_CVU,
  localparam int unsigned NL    = vgiw_cfg_pkg::UNITS_LDST,
  localparam int unsigned NV    = vgiw_cfg_pkg::UNITS_LVU,
  localparam int unsigned U     = vgiw_cfg_pkg::FABRIC_UNITS,
  localparam int unsigned S     = vgiw_cfg_pkg::FABRIC_SWITCHES,
  localparam int unsigned CH    = vgiw_cfg_pkg::CFG_CHAINS,
  localparam int unsigned TB    = vgiw_cfg_pkg::TOKEN_BITS
) (
  input  logic                       clk_i,
  input  logic                       rst_ni,
  input  logic                       clear_i,
  input  logic                       cfg_shift_i,
  input  logic                       cfg_bg_i,
  input  logic                       cfg_load_i,
  input  logic [vgiw_cfg_pkg::FABRIC_CFG_SHIFT_WORDS*CH*32-1:0] cfg_word_i,   // K rows of CH words
  input  logic [31:0]                tile_base_i,
  input  logic [(vgiw_cfg_pkg::DESC_W_LOCAL_SPAN-vgiw_cfg_pkg::DESC_W_LSIZE0+1)*32-1:0] geom_i,
  input  logic [NC-1:0]              cvu_batch_valid_i,
  output logic [NC-1:0]              cvu_batch_ready_o,
  input  logic [NC-1:0][vgiw_cfg_pkg::CVU_BATCH_BITS-1:0] cvu_batch_i,
  output logic [NC-1:0]              cvu_done_valid_o,
  input  logic [NC-1:0]              cvu_done_ready_i,
  output logic [NC-1:0][vgiw_cfg_pkg::CVU_DONE_BITS-1:0]  cvu_done_o,
  output logic [NL-1:0]              ldst_req_valid_o,
  input  logic [NL-1:0]              ldst_req_ready_i,
  output logic [NL-1:0][vgiw_cfg_pkg::LDST_REQ_BITS-1:0] ldst_req_o,
  input  logic [NL-1:0]              ldst_rsp_valid_i,
  input  logic [NL-1:0][vgiw_cfg_pkg::LDST_RSP_BITS-1:0] ldst_rsp_i,
  output logic [NV-1:0]              lv_req_valid_o,
  input  logic [NV-1:0]              lv_req_ready_i,
  output logic [NV-1:0][vgiw_cfg_pkg::LV_REQ_BITS-1:0]   lv_req_o,
  input  logic [NV-1:0]              lv_rsp_valid_i,
  input  logic [NV-1:0][vgiw_cfg_pkg::LV_RSP_BITS-1:0]   lv_rsp_i,
  output logic                       busy_o,
  output logic [U-1:0]               unit_fire_o,
  output logic                       error_o,
  // monitors
  output logic [4*U-1:0]             mon_in_fire_o,
  output logic [4*U-1:0][TB-1:0]     mon_in_tok_o,
  output logic [2*U-1:0]             mon_out_fire_o,
  output logic [2*U-1:0][TB-1:0]     mon_out_tok_o,
  output logic [U-1:0]               mon_fire_o,     // unit_fire_o, registered like the others
  output logic [U-1:0]               mon_unit_busy_o,
  output logic [S-1:0]               mon_switch_busy_o,
  output logic [4*U-1:0]             mon_in_used_o,
  output logic [U-1:0][127:0]        mon_unit_cfg_o,
  output logic [S-1:0][31:0]         mon_switch_cfg_o,
  output logic                       mon_lost_o      // sticky: a conservation check failed
);
  vgiw_fabric u_fabric (.*);

  logic [4*U-1:0]         in_fire, in_used;
  logic [4*U-1:0][TB-1:0] in_tok;
  logic [2*U-1:0]         out_fire;
  logic [2*U-1:0][TB-1:0] out_tok;

  // the fabric's per-unit port bundles (4 inputs, 2 outputs per unit)
  assign in_fire  = u_fabric.in_valid & u_fabric.in_ready;
  assign in_tok   = u_fabric.in_tok;
  assign in_used  = u_fabric.in_used;
  assign out_fire = u_fabric.out_valid & u_fabric.out_ready;
  assign out_tok  = u_fabric.out_tok;
  assign mon_unit_busy_o = u_fabric.unit_busy;
  for (genvar u = 0; u < U; u++) begin : g_mon
    assign mon_unit_cfg_o[u] = u_fabric.g_unit[u].cfg;
  end
  for (genvar s = 0; s < S; s++) begin : g_mon_switch
    assign mon_switch_busy_o[s] = u_fabric.switch_busy[s];
    assign mon_switch_cfg_o[s]  = u_fabric.g_switch[s].cfg;
  end
  assign mon_in_used_o = in_used;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      mon_in_fire_o  <= '0;
      mon_in_tok_o   <= '0;
      mon_out_fire_o <= '0;
      mon_out_tok_o  <= '0;
      mon_fire_o     <= '0;
    end else begin
      mon_fire_o     <= unit_fire_o;
      mon_in_fire_o  <= in_fire;
      mon_in_tok_o   <= in_tok;
      mon_out_fire_o <= out_fire;
      mon_out_tok_o  <= out_tok;
    end
  end

  // ---- token conservation -------------------------------------------------------------
  // Counts since the last clear: tokens accepted per unit input, firings per unit.
  logic [4*U-1:0][31:0] in_count_q;
  logic [U-1:0][31:0]   fire_count_q;
  logic [U-1:0]         unit_ok;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      in_count_q   <= '0;
      fire_count_q <= '0;
    end else if (clear_i) begin
      in_count_q   <= '0;
      fire_count_q <= '0;
    end else begin
      for (int unsigned i = 0; i < 4 * U; i++) begin
        if (in_fire[i]) in_count_q[i] <= in_count_q[i] + 32'd1;
      end
      for (int unsigned u = 0; u < U; u++) begin
        if (unit_fire_o[u]) fire_count_q[u] <= fire_count_q[u] + 32'd1;
      end
    end
  end

  for (genvar u = 0; u < U; u++) begin : g_count
    localparam int unsigned TYPE = 32'(vgiw_cfg_pkg::UNIT_TYPE[3*u +: 3]);
    always_comb begin
      unit_ok[u] = 1'b1;
      for (int unsigned k = 0; k < 4; k++) begin
        // a CVU's only input is in0 (outcomes); its firings are injections
        if (in_used[4*u + k] && (TYPE != 32'(vgiw_fu_pkg::UNIT_CVU) || k == 0)
            && in_count_q[4*u + k] != fire_count_q[u]) unit_ok[u] = 1'b0;
      end
    end
    a_conserved: assert property (@(posedge clk_i) disable iff (!rst_ni || clear_i)
        busy_o || unit_ok[u])
      else $error("fabric_tb_top: unit %0d idle with unequal token counts (fired %0d, inputs %0d/%0d/%0d/%0d)",
                  u, fire_count_q[u], in_count_q[4*u], in_count_q[4*u+1], in_count_q[4*u+2], in_count_q[4*u+3]);
  end

  // Between idle points, per unit input: a unit consumes one token of every used input per
  // firing, so it can never have fired more often than an input delivered, and the
  // difference (tokens waiting in its token buffer) never exceeds the buffer's DEPTH
  // entries. A CVU's in0 returns outcomes of threads it injected; its firing completes when
  // both outputs took the thread (eager fork), so one thread's outcome may come back first:
  // at most one more outcome than firings.
  localparam int unsigned DEPTH = vgiw_cfg_pkg::FABRIC_TOKEN_BUFFER_DEPTH;
  logic [4*U-1:0] occ_bad;
  for (genvar u = 0; u < U; u++) begin : g_occ
    localparam int unsigned TYPE = 32'(vgiw_cfg_pkg::UNIT_TYPE[3*u +: 3]);
    for (genvar k = 0; k < 4; k++) begin : g_in
      if (TYPE == 32'(vgiw_fu_pkg::UNIT_CVU)) begin : g_cvu
        assign occ_bad[4*u + k] = in_used[4*u + k] && k == 0 && in_count_q[4*u + k] > fire_count_q[u] + 32'd1;
      end else begin : g_unit
        assign occ_bad[4*u + k] = in_used[4*u + k] && (fire_count_q[u] > in_count_q[4*u + k]
                                  || in_count_q[4*u + k] - fire_count_q[u] > 32'(DEPTH));
      end
      a_occupancy: assert property (@(posedge clk_i) disable iff (!rst_ni || clear_i) !occ_bad[4*u + k])
        else $error("fabric_tb_top: unit %0d input %0d: %0d tokens accepted, %0d firings (%0d-entry buffer)",
                    u, k, in_count_q[4*u + k], fire_count_q[u], DEPTH);
    end
  end

  // ---- handshake stability --------------------------------------------------------------
  // A token offered and not taken stays offered, unchanged, until taken: the eager forks of
  // unit outputs and switch slots (docs/fabric.md, "Interconnect") deliver one token to
  // several receivers over several cycles, so a sender that withdrew or changed it would
  // lose or duplicate a token. Checked on every unit input and output and every switch
  // output link; one registered copy and one vector compare per group (cheap to simulate).
  logic [4*U-1:0]          in_wait_q, in_unstable;
  logic [4*U-1:0][TB-1:0]  in_tok_q;
  logic [2*U-1:0]          out_wait_q, out_unstable;
  logic [2*U-1:0][TB-1:0]  out_tok_q;
  logic [8*S-1:0]          sw_valid, sw_ready, sw_wait_q, sw_unstable;
  logic [8*S-1:0][vgiw_cfg_pkg::FABRIC_FLIT_BITS-1:0] sw_tok, sw_tok_q;   // links carry flits
  for (genvar s = 0; s < S; s++) begin : g_sw_links
    assign sw_valid[8*s +: 8] = u_fabric.g_switch[s].u_switch.link_valid_o;
    assign sw_ready[8*s +: 8] = u_fabric.g_switch[s].u_switch.link_ready_i;
    assign sw_tok[8*s +: 8]   = u_fabric.g_switch[s].u_switch.link_tok_o;
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      in_wait_q  <= '0;
      out_wait_q <= '0;
      sw_wait_q  <= '0;
    end else begin
      in_wait_q  <= clear_i ? '0 : u_fabric.in_valid & ~u_fabric.in_ready;
      out_wait_q <= clear_i ? '0 : u_fabric.out_valid & ~u_fabric.out_ready;
      sw_wait_q  <= clear_i ? '0 : sw_valid & ~sw_ready;
    end
  end
  always_ff @(posedge clk_i) begin
    in_tok_q  <= in_tok;
    out_tok_q <= out_tok;
    sw_tok_q  <= sw_tok;
  end
  always_comb begin
    for (int unsigned i = 0; i < 4 * U; i++) begin
      in_unstable[i] = in_wait_q[i] && !(u_fabric.in_valid[i] && in_tok[i] == in_tok_q[i]);
    end
    for (int unsigned i = 0; i < 2 * U; i++) begin
      out_unstable[i] = out_wait_q[i] && !(u_fabric.out_valid[i] && out_tok[i] == out_tok_q[i]);
    end
    for (int unsigned i = 0; i < 8 * S; i++) begin
      sw_unstable[i] = sw_wait_q[i] && !(sw_valid[i] && sw_tok[i] == sw_tok_q[i]);
    end
  end
  a_in_stable: assert property (@(posedge clk_i) disable iff (!rst_ni || clear_i) in_unstable == '0)
    else $error("fabric_tb_top: a unit input withdrew or changed a waiting token (unit*4+input mask %0h)",
                in_unstable);
  a_out_stable: assert property (@(posedge clk_i) disable iff (!rst_ni || clear_i) out_unstable == '0)
    else $error("fabric_tb_top: a unit output withdrew or changed a waiting token (unit*2+output mask %0h)",
                out_unstable);
  a_switch_stable: assert property (@(posedge clk_i) disable iff (!rst_ni || clear_i) sw_unstable == '0)
    else $error("fabric_tb_top: a switch link withdrew or changed a waiting token (switch*8+link mask %0h)",
                sw_unstable);

  logic lost_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)                        lost_q <= 1'b0;
    else if (clear_i)                   lost_q <= 1'b0;
    else if (!busy_o && !(&unit_ok))    lost_q <= 1'b1;
  end
  assign mon_lost_o = lost_q;
endmodule
