// Reset synchronizer of the board (docs/fpga.md): asserts asynchronously, releases on the
// clock, STAGES cycles after the asynchronous request (button, PLL not locked) goes away, so
// every flop leaves reset in the same cycle.
module vgiw_hl_reset_sync #(
  parameter int unsigned STAGES = 3
) (
  input  logic clk_i,
  input  logic arst_ni,      // asynchronous reset request, active low
  output logic rst_no        // synchronized reset, active low
);
  logic [STAGES-1:0] sync_q;
  always_ff @(posedge clk_i or negedge arst_ni) begin
    if (!arst_ni) sync_q <= '0;
    else          sync_q <= {sync_q[STAGES-2:0], 1'b1};
  end
  assign rst_no = sync_q[STAGES-1];
endmodule
