// ULX3S board top (LFE5U-85F, CABGA381; docs/fpga.md): PLL to CLK_MHZ, reset synchronizer,
// the host link on the FTDI serial port, the board memory and the VGIW core of the preset.
// Reset: while the PLL is not locked or FIRE1 (btn[1]) is held.
// LEDs: 0 heartbeat (about 1.5 Hz: the clock runs), 1 kernel busy, 2 kernel done, 3 kernel
// error, 4 a byte received, 5 a byte being sent, 6 reset released, 7 PLL locked.
module vgiw_ulx3s_top #(
  parameter int unsigned CLK_MHZ = 50,
  parameter bit          CORE    = 1'b1      // 0: the host link and the memory alone (test flow)
) (
  input  logic       clk_25mhz,
  input  logic       ftdi_txd,       // the FTDI transmits, the FPGA receives
  output logic       ftdi_rxd,       // the FPGA transmits
  input  logic [6:0] btn,
  output logic [7:0] led
);
  localparam int unsigned CLK_HZ = CLK_MHZ * 1_000_000;

  logic clk, locked, rst_n;
  /* verilator lint_off UNUSEDSIGNAL */  // the LEDs show three flags of STATUS
  logic [31:0] status;
  /* verilator lint_on UNUSEDSIGNAL */
  logic rx_byte, tx_busy;
  logic [24:0] beat_q;
  logic [21:0] rx_led_q;

  /* verilator lint_off UNUSEDSIGNAL */  // the other buttons have no use yet
  logic [6:0] btn_unused;
  assign btn_unused = btn;
  /* verilator lint_on UNUSEDSIGNAL */

  vgiw_ulx3s_pll #(.CLK_MHZ(CLK_MHZ)) u_pll (.clk_25mhz_i (clk_25mhz), .clk_o (clk), .locked_o (locked));
  vgiw_hl_reset_sync u_rst (.clk_i (clk), .arst_ni (locked && !btn[1]), .rst_no (rst_n));

  vgiw_hl_board #(
    .CLKS_PER_BIT   (CLK_HZ / vgiw_hl_pkg::HL_BAUD),
    .TIMEOUT_CYCLES (CLK_HZ / 1000 * vgiw_hl_pkg::HL_TIMEOUT_MS),
    .CORE           (CORE)
  ) u_board (
    .clk_i (clk), .rst_ni (rst_n), .uart_rx_i (ftdi_txd), .uart_tx_o (ftdi_rxd),
    .status_o (status), .rx_byte_o (rx_byte), .tx_busy_o (tx_busy)
  );

  // LED activity: a received byte lights LED 4 for 2^22 cycles
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      beat_q   <= '0;
      rx_led_q <= '0;
    end else begin
      beat_q <= beat_q + 1'b1;
      if (rx_byte) rx_led_q <= '1;
      else if (rx_led_q != 0) rx_led_q <= rx_led_q - 1'b1;
    end
  end

  assign led = {locked, rst_n, tx_busy, rx_led_q != 0,
                status[vgiw_cfg_pkg::STATUS_ERROR_BIT], status[vgiw_cfg_pkg::STATUS_DONE_BIT],
                status[vgiw_cfg_pkg::STATUS_BUSY_BIT], beat_q[24]};
endmodule
