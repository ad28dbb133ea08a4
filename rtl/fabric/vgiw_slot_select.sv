// Receiver side of the interconnect: each of PORTS outputs selects one of SLOTS incoming
// slots (sel = k + 1 for slot k, 0 = none). A slot selected by several ports is an eager
// fork: every selecting port takes the token once, and the slot's sender sees ready when
// all have taken it. used_o tells each slot's sender whether anyone listens (its own fork
// waits only for listening receivers). Used by unit inputs and by switch outputs
// (docs/fabric.md, "Interconnect").
//
// One link per neighbouring unit (SGMF §5.3, Fig. 9): slots 2k and 2k+1 (k < PAIRS) are
// out0 and out1 of one unit and arrive over one data link, link_data_i[k], which carries the
// output this receiver's selects name (the sender picks it from slot_used_o, see
// vgiw_unit_outputs). The handshakes stay per slot. So the data multiplexer of a port has
// SLOTS - PAIRS inputs, not SLOTS: links k < PAIRS, then the other slots 2*PAIRS.. in order.
// A receiver whose ports use both slots of one pair is a configuration the library never
// makes (docs/fabric-config-library.md); a token taken from such a pair sets the sticky
// conflict_o (error ERR_FABRIC) instead of passing on the wrong output's value. Bad input,
// not a broken invariant: an error, not an assertion.
module vgiw_slot_select #(
  parameter  int unsigned SLOTS = 12,
  parameter  int unsigned PORTS = 4,
  parameter  int unsigned PAIRS = 0,
  parameter  int unsigned W     = vgiw_cfg_pkg::TOKEN_BITS,
  localparam int unsigned LINKS = SLOTS - PAIRS
) (
  input  logic                        clk_i,
  input  logic                        rst_ni,
  input  logic                        clear_i,
  input  logic [PORTS-1:0][3:0]       sel_i,      // static
  input  logic [PORTS-1:0]            enable_i,   // static: port takes part
  // incoming slots
  input  logic [SLOTS-1:0]            slot_valid_i,
  input  logic [LINKS-1:0][W-1:0]     link_data_i,
  output logic [SLOTS-1:0]            slot_ready_o,
  output logic [SLOTS-1:0]            slot_used_o,
  // ports
  output logic [PORTS-1:0]            port_valid_o,
  output logic [PORTS-1:0][W-1:0]     port_data_o,
  input  logic [PORTS-1:0]            port_ready_i,
  output logic                        conflict_o  // sticky until a clear: see above
);
  logic [PORTS-1:0] active;      // port enabled and selecting an existing slot
  logic [PORTS-1:0] done_q;      // port already took the current token of its slot
  logic [PORTS-1:0] slot_fire;   // the slot of this port completes its transfer now

  // Separate blocks, so that simulators see used (static), ready and valid as the
  // independent functions they are.
  always_comb begin
    for (int unsigned p = 0; p < PORTS; p++) begin
      active[p] = enable_i[p] && sel_i[p] != 4'd0 && 32'(sel_i[p]) <= SLOTS;
    end
  end

  always_comb begin
    for (int unsigned s = 0; s < SLOTS; s++) begin
      slot_used_o[s] = 1'b0;
      for (int unsigned p = 0; p < PORTS; p++) begin
        if (active[p] && 32'(sel_i[p]) == s + 1) slot_used_o[s] = 1'b1;
      end
    end
  end

  always_comb begin
    for (int unsigned s = 0; s < SLOTS; s++) begin
      slot_ready_o[s] = 1'b1;
      for (int unsigned p = 0; p < PORTS; p++) begin
        if (active[p] && 32'(sel_i[p]) == s + 1) slot_ready_o[s] = slot_ready_o[s] && (done_q[p] || port_ready_i[p]);
      end
    end
  end

  always_comb begin
    for (int unsigned p = 0; p < PORTS; p++) begin
      logic [3:0] slot, link;
      slot = active[p] ? sel_i[p] - 4'd1 : 4'd0;
      link = (32'(slot) / 2 + 1 <= PAIRS) ? slot >> 1 : slot - 4'(PAIRS);  // slot < 2 * PAIRS
      port_valid_o[p] = active[p] && slot_valid_i[slot] && !done_q[p];
      port_data_o[p]  = link_data_i[link];
    end
  end

  // both outputs of one neighbour used by this receiver: its link carries only one of them
  logic [PORTS-1:0] port_conflict;
  logic             conflict_q;
  always_comb begin
    for (int unsigned p = 0; p < PORTS; p++) begin
      logic [3:0] slot;
      slot = active[p] ? sel_i[p] - 4'd1 : 4'd0;
      port_conflict[p] = 1'b0;
      if (32'(slot) / 2 + 1 <= PAIRS) port_conflict[p] = slot_used_o[slot ^ 4'd1];
    end
  end
  assign conflict_o = conflict_q;

  always_comb begin
    for (int unsigned p = 0; p < PORTS; p++) begin
      logic [3:0] slot;
      slot = active[p] ? sel_i[p] - 4'd1 : 4'd0;
      slot_fire[p] = active[p] && slot_valid_i[slot] && slot_ready_o[slot];
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      conflict_q <= 1'b0;
    end else if (clear_i) begin
      conflict_q <= 1'b0;
    end else if (|(port_valid_o & port_ready_i & port_conflict)) begin
      conflict_q <= 1'b1;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      done_q <= '0;
    end else if (clear_i) begin
      done_q <= '0;
    end else begin
      for (int unsigned p = 0; p < PORTS; p++) begin
        if (slot_fire[p])                             done_q[p] <= 1'b0;
        else if (port_valid_o[p] && port_ready_i[p])  done_q[p] <= 1'b1;
      end
    end
  end

`ifndef SYNTHESIS
  initial begin
    if (2 * PAIRS > SLOTS || SLOTS > 15) $error("slot_select: %0d pairs in %0d slots", PAIRS, SLOTS);
  end
`endif
endmodule
