// Round-robin arbiter over N requesters: grants the first requester at or after the pointer,
// else the first one (wrapping); after a taken grant the pointer moves behind the winner, so
// no requester waits for more than N-1 others. Written as a mask and two fixed-index priority
// scans, not a loop over `ptr + k`: the same grant, but a netlist that ABC maps in reasonable
// time for the 32 x 32 crossbars of `paper` (docs/core.md "Area").
//
// HOLD = 1: a refused grant (valid_o && !ready_i) moves the pointer to the winner, so the
// next search starts there and the offer stays stable while the request is held (valid/ready
// rule), even if a requester in front of it raises its request meanwhile.
module vgiw_rr_arbiter #(
  parameter int unsigned N    = 2,
  parameter bit          HOLD = 1'b0,
  localparam int unsigned IW  = (N > 1) ? $clog2(N) : 1
) (
  input  logic          clk_i,
  input  logic          rst_ni,
  input  logic [N-1:0]  req_i,
  input  logic          ready_i,   // the granted requester is served this cycle
  output logic          valid_o,
  output logic [IW-1:0] idx_o
);
  logic [IW-1:0] ptr_q;
  logic [N-1:0]  req_from_ptr;

  always_comb begin
    for (int i = 0; i < N; i++) begin
      req_from_ptr[i] = req_i[i] && IW'(i) >= ptr_q;
    end
  end

  always_comb begin
    valid_o = |req_i;
    idx_o   = '0;
    // scan from the top so the lowest index is the last one written
    for (int i = N - 1; i >= 0; i--) begin
      if (req_i[i]) idx_o = IW'(i);
    end
    if (|req_from_ptr) begin
      for (int i = N - 1; i >= 0; i--) begin
        if (req_from_ptr[i]) idx_o = IW'(i);
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ptr_q <= '0;
    end else if (valid_o) begin
      if (ready_i)   ptr_q <= (int'(idx_o) == N - 1) ? '0 : IW'(int'(idx_o) + 1);
      else if (HOLD) ptr_q <= idx_o;
    end
  end
endmodule
