// Skid buffer on a valid/ready stream: the input passes straight through while the buffer is
// empty (no cycle of latency), and ready_o is a register (!full_q), so the receiver's ready
// never reaches the sender in the same cycle. A beat the receiver refuses is kept in the one
// entry and offered first; while it is held, ready_o is low. After a stall the sender waits
// one cycle longer than with a pass-through ready: the entry drains in one cycle and ready_o
// rises in the next. Used in front of the cache banks on the board's presets (`l1.req_skid`,
// `lvc.req_skid`; docs/fpga.md "Twelfth round"): a bank's ready comes out of its tag compare.
module vgiw_stream_skid #(
  parameter int unsigned WIDTH = 8
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             valid_i,
  output logic             ready_o,
  input  logic [WIDTH-1:0] data_i,
  output logic             valid_o,
  input  logic             ready_i,
  output logic [WIDTH-1:0] data_o,
  output logic             full_o     // a beat is held (for the owner's busy and flush checks)
);
  logic             full_q;
  logic [WIDTH-1:0] data_q;

  assign ready_o = !full_q;
  assign valid_o = full_q || valid_i;
  assign data_o  = full_q ? data_q : data_i;
  assign full_o  = full_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      full_q <= 1'b0;
    end else if (full_q) begin
      full_q <= !ready_i;
    end else begin
      full_q <= valid_i && !ready_i;
    end
  end

  // the data register needs no reset: it is read only while full_q
  always_ff @(posedge clk_i) begin
    if (!full_q && valid_i && !ready_i) data_q <= data_i;
  end
endmodule
