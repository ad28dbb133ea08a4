// A chain of DEPTH enabled registers (DEPTH = 0: a wire). Used to give a datapath the
// latency its configuration asks for and to delay valid/tag alongside a pipeline.
// Stored as one flat vector: Yosys does not accept packed 2-D arrays declared inside
// generate blocks, and a flat shift register maps directly onto FPGA flops or SRLs.
module vgiw_delay_line #(
  parameter int unsigned WIDTH = 1,
  parameter int unsigned DEPTH = 1
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             en_i,     // shift when high (the pipeline's advance)
  input  logic [WIDTH-1:0] d_i,
  output logic [WIDTH-1:0] q_o
);
  if (DEPTH == 0) begin : g_wire
    assign q_o = d_i;
    // en_i, clk_i and rst_ni are unused without registers
    logic unused;
    assign unused = en_i ^ clk_i ^ rst_ni;
  end else if (DEPTH == 1) begin : g_one
    logic [WIDTH-1:0] q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni)   q <= '0;
      else if (en_i) q <= d_i;
    end
    assign q_o = q;
  end else begin : g_chain
    logic [WIDTH*DEPTH-1:0] q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni)   q <= '0;
      else if (en_i) q <= {q[WIDTH*(DEPTH-1)-1:0], d_i};
    end
    assign q_o = q[WIDTH*DEPTH-1 -: WIDTH];
  end
endmodule
