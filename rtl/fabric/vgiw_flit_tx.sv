// Sender half of a serialized link (docs/fabric.md "Links in flits"): a token of TW bits
// leaves as FLITS flits of FW bits, low bits first, one flit per transfer; the token is taken
// (ready_o) with its last flit. FLITS = 1 is a wire. A board preset narrows every link,
// switch output and spill register to FW bits this way: the interconnect's multiplexers are
// most of the fabric on an FPGA (docs/fpga.md), and SGMF §5.3 fixes how the units and
// switches connect, not how wide a link is; the price is FLITS cycles per token per hop.
// The sender must hold valid_i and tok_i steady until ready_o, as every stream here does.
module vgiw_flit_tx #(
  parameter  int unsigned TW    = vgiw_cfg_pkg::TOKEN_BITS,
  parameter  int unsigned FLITS = vgiw_cfg_pkg::FABRIC_LINK_FLITS,
  parameter  int unsigned FW    = vgiw_cfg_pkg::FABRIC_FLIT_BITS   // arch/ derives it from the two
) (
  input  logic          clk_i,
  input  logic          rst_ni,
  input  logic          clear_i,
  input  logic          valid_i,
  input  logic [TW-1:0] tok_i,
  output logic          ready_o,
  output logic          valid_o,
  output logic [FW-1:0] flit_o,
  input  logic          ready_i,
  output logic          busy_o    // a token is partly sent
);
  // the fewest FW-bit flits that hold a token: the fabric sizes its links by the same FW
  if (FW != (TW + FLITS - 1) / FLITS) begin : g_bad_width
    $error("flit_tx: %0d flits of %0d bits is not how arch/ splits a %0d-bit token", FLITS, FW, TW);
  end
  if (FLITS == 1) begin : g_wire
    assign valid_o = valid_i;
    assign flit_o  = tok_i;
    assign ready_o = ready_i;
    assign busy_o  = 1'b0;
    /* verilator lint_off UNUSEDSIGNAL */
    logic unused;
    assign unused = clk_i ^ rst_ni ^ clear_i;
    /* verilator lint_on UNUSEDSIGNAL */
  end else begin : g_serial
    localparam int unsigned CW = $clog2(FLITS);
    logic [CW-1:0]       idx_q;    // the flit on the link now
    logic [FLITS*FW-1:0] padded;
    logic                last;

    assign padded  = (FLITS*FW)'(tok_i);
    assign last    = 32'(idx_q) == FLITS - 1;
    assign valid_o = valid_i;
    assign flit_o  = padded[FW*idx_q +: FW];
    assign ready_o = ready_i && last;
    assign busy_o  = idx_q != '0;

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        idx_q <= '0;
      end else if (clear_i) begin
        idx_q <= '0;
      end else if (valid_i && ready_i) begin
        idx_q <= last ? '0 : idx_q + CW'(1);
      end
    end

`ifndef SYNTHESIS
    // a token once started is sent whole, unchanged: otherwise the receiver would join the
    // flits of two tokens
    logic [TW-1:0] first_tok_q;
    always_ff @(posedge clk_i) begin
      if (valid_i && ready_i && idx_q == '0) first_tok_q <= tok_i;
    end
    always_ff @(posedge clk_i) begin
      if (rst_ni && !clear_i && idx_q != '0) begin
        assert (valid_i) else $error("flit_tx: valid dropped in the middle of a token");
        assert (!valid_i || tok_i == first_tok_q) else $error("flit_tx: token changed in the middle");
      end
    end
`endif
  end
endmodule
