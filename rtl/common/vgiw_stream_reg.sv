// Register slice on a valid/ready stream. SPILL = 1: two entries, registered valid/data
// AND registered ready (breaks the combinational ready path; full throughput). SPILL = 0:
// one entry, registered valid/data, ready_o = !full || ready_i (full throughput, ready
// passes through combinationally). The fabric uses SPILL = 1 between switches, where the
// ready paths would otherwise form loops around the folded rings.
module vgiw_stream_reg #(
  parameter int unsigned WIDTH = 8,
  parameter bit          SPILL = 1'b1
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             clear_i,
  input  logic             valid_i,
  output logic             ready_o,
  input  logic [WIDTH-1:0] data_i,
  output logic             valid_o,
  input  logic             ready_i,
  output logic [WIDTH-1:0] data_o
);
  if (SPILL) begin : g_spill
    // a: output entry, b: spill entry (filled only when a is held and input arrives)
    logic             a_full_q, b_full_q;
    logic [WIDTH-1:0] a_data_q, b_data_q;
    logic             a_fill, a_drain, b_fill, b_drain;

    assign ready_o = !b_full_q;
    assign valid_o = a_full_q;
    assign data_o  = a_data_q;
    assign a_drain = a_full_q && ready_i;
    assign b_drain = b_full_q && (!a_full_q || a_drain);
    assign a_fill  = (valid_i && ready_o && (!a_full_q || a_drain) && !b_full_q) || b_drain;
    assign b_fill  = valid_i && ready_o && a_full_q && !a_drain;

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        a_full_q <= 1'b0;
        b_full_q <= 1'b0;
        a_data_q <= '0;
        b_data_q <= '0;
      end else if (clear_i) begin
        a_full_q <= 1'b0;
        b_full_q <= 1'b0;
      end else begin
        // b_full_q, not b_drain, picks the source: whenever a fills, b drains exactly when it
        // is full (a fills from the input only while ready_o, i.e. b empty). Same values;
        // a 3-input multiplexer beside the enable instead of a 5-input function: 59 LUT4
        // instead of 108 for a 49-bit switch link on ECP5 (docs/core.md "Area").
        if (a_fill)                 a_data_q <= b_full_q ? b_data_q : data_i;
        if (b_fill)                 b_data_q <= data_i;
        if (a_fill || a_drain)      a_full_q <= a_fill;
        if (b_fill || b_drain)      b_full_q <= b_fill;
      end
    end
  end else begin : g_pipe
    logic             full_q;
    logic [WIDTH-1:0] data_q;

    assign ready_o = !full_q || ready_i;
    assign valid_o = full_q;
    assign data_o  = data_q;

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        full_q <= 1'b0;
        data_q <= '0;
      end else if (clear_i) begin
        full_q <= 1'b0;
      end else if (ready_o) begin
        full_q <= valid_i;
        if (valid_i) data_q <= data_i;
      end
    end
  end
endmodule
