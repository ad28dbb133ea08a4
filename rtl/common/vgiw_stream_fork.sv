// Eager fork: one valid/ready stream to N consumers. Each enabled consumer takes the
// item once, in whatever cycle it is ready; the source is released when all enabled
// consumers have taken it. `done_q` remembers who already took it, so a slow consumer
// never blocks the others from taking and does not see the item twice.
module vgiw_stream_fork #(
  parameter int unsigned N = 2
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic         clear_i,
  input  logic         valid_i,
  output logic         ready_o,
  input  logic [N-1:0] enable_i,    // static: which consumers take part
  output logic [N-1:0] valid_o,
  input  logic [N-1:0] ready_i
);
  logic [N-1:0] done_q, done_d, taken;

  assign valid_o = {N{valid_i}} & enable_i & ~done_q;
  assign taken   = done_q | (valid_o & ready_i) | ~enable_i;
  assign ready_o = &taken;

  always_comb begin
    done_d = done_q;
    if (valid_i) done_d = ready_o ? '0 : (done_q | (valid_o & ready_i));
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)      done_q <= '0;
    else if (clear_i) done_q <= '0;
    else              done_q <= done_d;
  end
endmodule
