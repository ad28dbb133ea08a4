// Interconnect switch (SGMF §5.3): 12 incoming slots (4 corner units x 2 outputs, 4
// switches two hops away) over 8 incoming data links (one per corner unit, carrying the
// output the selects name, and one per switch: vgiw_slot_select's PAIRS), 8 outgoing links
// (links 0..3 to the corner units NW, NE, SE, SW; links 4..7 to the switches N2, E2, S2,
// W2). Each outgoing link selects one slot; a slot may feed several links. Links carry tokens
// or flits of tokens (W bits; docs/fabric.md "Links in flits"). Every outgoing link is a
// two-entry spill register (one cycle per hop, full throughput) whose ready is registered
// too: no ready path crosses a switch, so the folded rings cannot form combinational loops
// and paths stay short.
module vgiw_fabric_switch #(
  parameter  int unsigned W  = vgiw_cfg_pkg::TOKEN_BITS,   // a link's width: a token or a flit
  localparam int unsigned NP = vgiw_cfg_pkg::FABRIC_PAIRED_SLOTS / 2   // data links from units
) (
  input  logic                                       clk_i,
  input  logic                                       rst_ni,
  input  logic                                       clear_i,
  input  vgiw_cfg_pkg::switch_cfg_t                  cfg_i,
  input  logic [11:0]                                slot_valid_i,
  input  logic [11-NP:0][W-1:0]                      in_tok_i,    // units NW..SW, switches N2..W2
  output logic [11:0]                                slot_ready_o,
  output logic [11:0]                                slot_used_o,
  output logic [7:0]                                 link_valid_o,
  output logic [7:0][W-1:0]                          link_tok_o,
  input  logic [7:0]                                 link_ready_i,
  output logic                                       busy_o,      // a token is held
  output logic                                       conflict_o   // see vgiw_slot_select
);
  logic [7:0][3:0]  sel;
  logic [7:0]       sel_valid, sel_ready;
  logic [7:0][W-1:0] sel_tok;

  for (genvar j = 0; j < 8; j++) begin : g_sel
    assign sel[j] = cfg_i.out_sel[4*j +: 4];
  end

  vgiw_slot_select #(.SLOTS(12), .PORTS(8), .PAIRS(NP), .W(W)) u_select (
    .clk_i, .rst_ni, .clear_i,
    .sel_i        (sel),
    .enable_i     (8'hFF),
    .slot_valid_i,
    .link_data_i  (in_tok_i),
    .slot_ready_o,
    .slot_used_o,
    .port_valid_o (sel_valid),
    .port_data_o  (sel_tok),
    .port_ready_i (sel_ready),
    .conflict_o
  );

  for (genvar j = 0; j < 8; j++) begin : g_link
    vgiw_stream_reg #(.WIDTH(W), .SPILL(1'b1)) u_reg (
      .clk_i, .rst_ni, .clear_i,
      .valid_i (sel_valid[j]),
      .ready_o (sel_ready[j]),
      .data_i  (sel_tok[j]),
      .valid_o (link_valid_o[j]),
      .ready_i (link_ready_i[j]),
      .data_o  (link_tok_o[j])
    );
  end

  // Spill registers may hold a second token behind a valid output; their ready is low
  // exactly when they are full, so !ready also marks a held token.
  assign busy_o = |link_valid_o || !(&sel_ready);
endmodule
