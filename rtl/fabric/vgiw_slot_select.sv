// Receiver side of the interconnect: each of PORTS outputs selects one of SLOTS incoming
// links (sel = k + 1 for slot k, 0 = none). A slot selected by several ports is an eager
// fork: every selecting port takes the token once, and the slot's sender sees ready when
// all have taken it. used_o tells each slot's sender whether anyone listens (its own fork
// waits only for listening receivers). Used by unit inputs and by switch outputs
// (docs/fabric.md, "Interconnect").
module vgiw_slot_select #(
  parameter int unsigned SLOTS = 12,
  parameter int unsigned PORTS = 4,
  parameter int unsigned W     = vgiw_cfg_pkg::TOKEN_BITS
) (
  input  logic                        clk_i,
  input  logic                        rst_ni,
  input  logic                        clear_i,
  input  logic [PORTS-1:0][3:0]       sel_i,      // static
  input  logic [PORTS-1:0]            enable_i,   // static: port takes part
  // incoming slots
  input  logic [SLOTS-1:0]            slot_valid_i,
  input  logic [SLOTS-1:0][W-1:0]     slot_data_i,
  output logic [SLOTS-1:0]            slot_ready_o,
  output logic [SLOTS-1:0]            slot_used_o,
  // ports
  output logic [PORTS-1:0]            port_valid_o,
  output logic [PORTS-1:0][W-1:0]     port_data_o,
  input  logic [PORTS-1:0]            port_ready_i
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
      logic [3:0] slot;
      slot = active[p] ? sel_i[p] - 4'd1 : 4'd0;
      port_valid_o[p] = active[p] && slot_valid_i[slot] && !done_q[p];
      port_data_o[p]  = slot_data_i[slot];
    end
  end

  always_comb begin
    for (int unsigned p = 0; p < PORTS; p++) begin
      logic [3:0] slot;
      slot = active[p] ? sel_i[p] - 4'd1 : 4'd0;
      slot_fire[p] = active[p] && slot_valid_i[slot] && slot_ready_o[slot];
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
endmodule
