// Issue register of a memory unit (LDST, LVU; docs/fabric-units/ldst.md, lvu.md): a thread's
// request waits here for the unit's memory port, and `unsent_o` names the reservation entries
// whose request is still held. Those have not left the unit: at clear they are dropped here and
// get no response, so the reservation buffer must not wait for one (its zombie rule, SGMF §4.1).
//
// SPILL = 0: one entry (vgiw_stream_reg's pipe), whose ready passes the port's through: the
// caches' stall reaches the token buffer in the same cycle. SPILL = 1 (fabric.mem_req_spill):
// two entries with a registered ready, so the port's ready stops here; the same one cycle to the
// port and one request per cycle (docs/fpga.md "Eleventh round").
module vgiw_issue_reg #(
  parameter int unsigned WIDTH = 8,
  parameter int unsigned DEPTH = 2,                 // reservation entries: id < DEPTH
  parameter bit          SPILL = 1'b0,
  localparam int unsigned IW   = (DEPTH > 1) ? $clog2(DEPTH) : 1
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             clear_i,                  // empties it; nothing leaves in that cycle
  input  logic             valid_i,
  output logic             ready_o,
  input  logic [WIDTH-1:0] data_i,
  input  logic [IW-1:0]    id_i,                     // the request's reservation entry
  output logic             valid_o,
  input  logic             ready_i,
  output logic [WIDTH-1:0] data_o,
  output logic [IW-1:0]    id_o,
  output logic [DEPTH-1:0] unsent_o
);
  logic out_valid;

  vgiw_stream_reg #(
    .WIDTH (WIDTH + IW),
    .SPILL (SPILL)
  ) u_reg (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .clear_i (clear_i),
    .valid_i (valid_i),
    .ready_o (ready_o),
    .data_i  ({id_i, data_i}),
    .valid_o (out_valid),
    .ready_i (ready_i && !clear_i),
    .data_o  ({id_o, data_o})
  );
  assign valid_o = out_valid && !clear_i;

  if (SPILL) begin : g_held
    // The spill entry is not visible outside the register: keep the set of held entries.
    logic [DEPTH-1:0] held_q, enter, leave;
    always_comb begin
      enter = '0;
      leave = '0;
      if (valid_i && ready_o && !clear_i) enter[id_i] = 1'b1;
      if (valid_o && ready_i)             leave[id_o] = 1'b1;
    end
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni)      held_q <= '0;
      else if (clear_i) held_q <= '0;
      else              held_q <= (held_q & ~leave) | enter;
    end
    assign unsent_o = held_q;
  end else begin : g_out
    always_comb begin
      unsent_o = '0;
      if (out_valid) unsent_o[id_o] = 1'b1;
    end
  end

`ifndef SYNTHESIS
  // the entry at the output is one of the held ones, and no more are held than entries
  a_out_held: assert property (@(posedge clk_i) disable iff (!rst_ni)
      out_valid |-> unsent_o[id_o])
    else $error("issue_reg: the request at the output (entry %0d) is not among the held ones", id_o);
  a_held_count: assert property (@(posedge clk_i) disable iff (!rst_ni)
      $countones(unsent_o) <= (SPILL ? 2 : 1))
    else $error("issue_reg: %0d entries held, more than the register has", $countones(unsent_o));
`endif
endmodule
