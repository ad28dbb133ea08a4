// FIFO on a valid/ready stream with DEPTH entries, of which at most limit_i are used
// (limit_i = 0 is taken as 1). The storage is a memory read asynchronously at the head,
// so FPGA tools can map it to distributed RAM.
module vgiw_stream_fifo #(
  parameter int unsigned WIDTH = 8,
  parameter int unsigned DEPTH = 16
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             clear_i,
  input  logic [$clog2(DEPTH+1)-1:0] limit_i,
  input  logic             valid_i,
  output logic             ready_o,
  input  logic [WIDTH-1:0] data_i,
  output logic             valid_o,
  input  logic             ready_i,
  output logic [WIDTH-1:0] data_o,
  output logic [$clog2(DEPTH+1)-1:0] count_o
);
  localparam int unsigned PW = (DEPTH > 1) ? $clog2(DEPTH) : 1;
  localparam int unsigned CW = $clog2(DEPTH + 1);

  logic [WIDTH-1:0] mem_q [DEPTH];
  logic [PW-1:0]    wr_q, rd_q;
  logic [CW-1:0]    count_q, limit;
  logic             push, pop;

  assign limit   = (limit_i == '0) ? CW'(1) : (limit_i > CW'(DEPTH) ? CW'(DEPTH) : limit_i);
  assign ready_o = count_q < limit;
  assign valid_o = count_q != '0;
  assign data_o  = mem_q[rd_q];
  assign push    = valid_i && ready_o;
  assign pop     = valid_o && ready_i;
  assign count_o = count_q;

  function automatic logic [PW-1:0] next(input logic [PW-1:0] p);
    next = (p == PW'(DEPTH - 1)) ? '0 : p + 1'b1;
  endfunction

  always_ff @(posedge clk_i) begin
    if (push) mem_q[wr_q] <= data_i;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wr_q    <= '0;
      rd_q    <= '0;
      count_q <= '0;
    end else if (clear_i) begin
      wr_q    <= '0;
      rd_q    <= '0;
      count_q <= '0;
    end else begin
      if (push) wr_q <= next(wr_q);
      if (pop)  rd_q <= next(rd_q);
      if (push != pop) count_q <= push ? count_q + 1'b1 : count_q - 1'b1;
    end
  end
endmodule
