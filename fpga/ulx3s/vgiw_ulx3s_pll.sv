// The ULX3S clock: the ECP5's EHXPLLL from the 25 MHz oscillator to CLK_MHZ (docs/fpga.md).
// VCO = CLK_MHZ * OP_DIV = 600 MHz (inside the 400..800 MHz range of the ECP5 PLL), so CLK_MHZ
// must divide 600; its reference is the oscillator itself (25 MHz) for multiples of 25 and the
// oscillator divided by 5 (5 MHz, above the PFD's 3.125 MHz) otherwise: 5, 10, 15, 20, 25, 30,
// 40, 50, 60, 75 or 100 MHz. The data sheet's output range is 3.125..400 MHz; the slow clocks
// are for a core whose timing misses the faster ones (fpga_3x3, docs/fpga.md).
// Without SYNTHESIS (Verilator lint, simulation) a model passes the oscillator through and
// raises lock after 16 cycles: the simulated board runs the logic at one clock anyway.
module vgiw_ulx3s_pll #(
  parameter int unsigned CLK_MHZ = 50
) (
  input  logic clk_25mhz_i,
  output logic clk_o,
  output logic locked_o
);
  if (CLK_MHZ % 5 != 0 || 600 % CLK_MHZ != 0 || CLK_MHZ > 100) begin : g_bad
    $error("ulx3s_pll: CLK_MHZ must be 5, 10, 15, 20, 25, 30, 40, 50, 60, 75 or 100");
  end

`ifdef SYNTHESIS
  localparam int unsigned REF_DIV = (CLK_MHZ % 25 == 0) ? 1 : 5;
  localparam int unsigned FB     = CLK_MHZ * REF_DIV / 25;
  localparam int unsigned OP_DIV = 600 / CLK_MHZ;
  (* FREQUENCY_PIN_CLKI = "25" *)
  (* ICP_CURRENT = "12" *) (* LPF_RESISTOR = "8" *) (* MFG_ENABLE_FILTEROPAMP = "1" *) (* MFG_GMCREF_SEL = "2" *)
  EHXPLLL #(
    .PLLRST_ENA ("DISABLED"), .INTFB_WAKE ("DISABLED"), .STDBY_ENABLE ("DISABLED"),
    .DPHASE_SOURCE ("DISABLED"), .OUTDIVIDER_MUXA ("DIVA"), .OUTDIVIDER_MUXB ("DIVB"),
    .OUTDIVIDER_MUXC ("DIVC"), .OUTDIVIDER_MUXD ("DIVD"),
    .CLKI_DIV (REF_DIV), .CLKFB_DIV (FB), .FEEDBK_PATH ("CLKOP"),
    .CLKOP_ENABLE ("ENABLED"), .CLKOP_DIV (OP_DIV), .CLKOP_CPHASE ((OP_DIV - 1) / 2), .CLKOP_FPHASE (0)
  ) u_pll (
    .CLKI (clk_25mhz_i), .CLKFB (clk_o), .CLKOP (clk_o), .CLKOS (), .CLKOS2 (), .CLKOS3 (),
    .RST (1'b0), .STDBY (1'b0), .PHASESEL0 (1'b0), .PHASESEL1 (1'b0), .PHASEDIR (1'b0),
    .PHASESTEP (1'b0), .PHASELOADREG (1'b0), .PLLWAKESYNC (1'b0), .ENCLKOP (1'b0), .ENCLKOS (1'b0),
    .ENCLKOS2 (1'b0), .ENCLKOS3 (1'b0), .LOCK (locked_o), .INTLOCK ()
  );
`else
  logic [4:0] cnt_q = '0;
  assign clk_o    = clk_25mhz_i;
  assign locked_o = cnt_q[4];
  always_ff @(posedge clk_25mhz_i) if (!cnt_q[4]) cnt_q <= cnt_q + 1'b1;
`endif
endmodule
