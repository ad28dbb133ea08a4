// Sender side of a unit: each of the 2 outputs is offered on 8 links (N, E, S, W units; NW,
// NE, SE, SW switches); an eager fork per output waits only for the links whose receiver
// selected them (link_used_i), so a token nobody listens to is dropped at once.
// SGMF §5.3 (Fig. 9) gives a unit one link to each neighbour: the handshakes are per output,
// but each direction has one data link, which carries out1 when its receiver selects out1
// there and out0 otherwise (docs/fabric.md "Interconnect"). link_tok_o repeats that link's
// data for both outputs' link indices.
module vgiw_unit_outputs #(
  parameter int unsigned W = vgiw_cfg_pkg::TOKEN_BITS   // a link's width: a token or a flit
) (
  input  logic                                       clk_i,
  input  logic                                       rst_ni,
  input  logic                                       clear_i,
  input  logic [1:0]                                 out_valid_i,
  input  logic [1:0][W-1:0]                          out_tok_i,
  output logic [1:0]                                 out_ready_o,
  output logic [15:0]                                link_valid_o,   // out*8 + dir
  output logic [15:0][W-1:0]                         link_tok_o,
  input  logic [15:0]                                link_ready_i,
  input  logic [15:0]                                link_used_i
);
  for (genvar o = 0; o < 2; o++) begin : g_out
    vgiw_stream_fork #(.N(8)) u_fork (
      .clk_i, .rst_ni, .clear_i,
      .valid_i  (out_valid_i[o]),
      .ready_o  (out_ready_o[o]),
      .enable_i (link_used_i[8*o +: 8]),
      .valid_o  (link_valid_o[8*o +: 8]),
      .ready_i  (link_ready_i[8*o +: 8])
    );
  end
  for (genvar d = 0; d < 8; d++) begin : g_dir
    logic [W-1:0] link_tok;
    assign link_tok          = link_used_i[8 + d] ? out_tok_i[1] : out_tok_i[0];
    assign link_tok_o[d]     = link_tok;
    assign link_tok_o[8 + d] = link_tok;
  end
endmodule
