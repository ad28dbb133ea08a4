// Receiver half of a serialized link (docs/fabric.md "Links in flits"): collects the first
// FLITS-1 flits of a token (always ready for them) and offers the token while its last flit
// is on the link; taking the token takes that flit. FLITS = 1 is a wire. Flits of two
// tokens never interleave: a receiving port selects one slot for a whole configuration and
// a sender finishes a token before it starts the next (vgiw_flit_tx).
// HOLD: the last flit completes the token into a register, which the unit takes a cycle later;
// the link's ready is then the register's emptiness, not the unit's ready, so no path runs from
// the sender through the unit's token buffer and back (issue 22, docs/fpga.md "Fourth round").
// With FLITS >= 2 the register empties before the next token's last flit: no throughput lost.
module vgiw_flit_rx #(
  parameter  int unsigned TW    = vgiw_cfg_pkg::TOKEN_BITS,
  parameter  int unsigned FLITS = vgiw_cfg_pkg::FABRIC_LINK_FLITS,
  parameter  int unsigned FW    = vgiw_cfg_pkg::FABRIC_FLIT_BITS,  // arch/ derives it from the two
  parameter  bit          HOLD  = vgiw_cfg_pkg::FABRIC_LINK_RX_REGISTER
) (
  input  logic          clk_i,
  input  logic          rst_ni,
  input  logic          clear_i,
  input  logic          valid_i,
  input  logic [FW-1:0] flit_i,
  output logic          ready_o,
  output logic          valid_o,
  output logic [TW-1:0] tok_o,
  input  logic          ready_i,
  output logic          busy_o    // part of a token is held
);
  // the fewest FW-bit flits that hold a token: the fabric sizes its links by the same FW
  if (FW != (TW + FLITS - 1) / FLITS) begin : g_bad_width
    $error("flit_rx: %0d flits of %0d bits is not how arch/ splits a %0d-bit token", FLITS, FW, TW);
  end
  if (FLITS == 1) begin : g_wire
    assign valid_o = valid_i;
    assign tok_o   = flit_i;
    assign ready_o = ready_i;
    assign busy_o  = 1'b0;
    /* verilator lint_off UNUSEDSIGNAL */
    logic unused;
    assign unused = clk_i ^ rst_ni ^ clear_i;
    /* verilator lint_on UNUSEDSIGNAL */
  end else begin : g_serial
    localparam int unsigned CW = $clog2(FLITS);
    logic [CW-1:0]           idx_q;     // flits of the current token already held
    logic [(FLITS-1)*FW-1:0] part_q;    // flat: Yosys cannot size a 2-D array in a generate block
    logic                    last;
    /* verilator lint_off UNUSEDSIGNAL */  // the last flit's padding above TW
    logic [FLITS*FW-1:0]     whole;
    /* verilator lint_on UNUSEDSIGNAL */

    logic                    last_ready;   // the last flit can be taken

    assign last    = 32'(idx_q) == FLITS - 1;
    assign whole   = {flit_i, part_q};
    assign ready_o = last ? last_ready : 1'b1;

    if (HOLD) begin : g_hold
      logic          tok_vld_q;
      logic [TW-1:0] tok_q;
      assign last_ready = !tok_vld_q;
      assign valid_o    = tok_vld_q;
      assign tok_o      = tok_q;
      assign busy_o     = idx_q != '0 || tok_vld_q;
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          tok_vld_q <= 1'b0;
        end else if (clear_i) begin
          tok_vld_q <= 1'b0;
        end else if (valid_i && last && !tok_vld_q) begin
          tok_vld_q <= 1'b1;
        end else if (ready_i) begin
          tok_vld_q <= 1'b0;
        end
      end
      // no reset: read only while tok_vld_q
      always_ff @(posedge clk_i) begin
        if (valid_i && last && !tok_vld_q) tok_q <= whole[TW-1:0];
      end
    end else begin : g_pass
      assign last_ready = ready_i;
      assign valid_o    = valid_i && last;
      assign tok_o      = whole[TW-1:0];
      assign busy_o     = idx_q != '0;
    end

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        idx_q <= '0;
      end else if (clear_i) begin
        idx_q <= '0;
      end else if (valid_i && ready_o) begin
        idx_q <= last ? '0 : idx_q + CW'(1);
      end
    end

    // no reset: a part is read only after it was written for the same token
    always_ff @(posedge clk_i) begin
      for (int unsigned k = 0; k < FLITS - 1; k++) begin
        if (valid_i && 32'(idx_q) == k) part_q[FW*k +: FW] <= flit_i;
      end
    end
  end
endmodule
