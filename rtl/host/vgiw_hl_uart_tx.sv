// UART transmitter of the host link (docs/fpga.md): 8N1, least significant bit first.
// valid/ready: a byte is taken when the transmitter is idle; the line idles high.
module vgiw_hl_uart_tx #(
  parameter int unsigned CLKS_PER_BIT = 50      // clock cycles per bit (clock / baud), >= 4
) (
  input  logic       clk_i,
  input  logic       rst_ni,
  input  logic       valid_i,
  output logic       ready_o,
  input  logic [7:0] data_i,
  output logic       txd_o
);
  localparam int unsigned CW = $clog2(CLKS_PER_BIT + 1);

  logic [9:0]    frame_q;      // stop, data[7:0], start; shifted out from bit 0
  logic [3:0]    left_q;       // bits still to send, 0 = idle
  logic [CW-1:0] cnt_q;

  assign ready_o = left_q == 0;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      frame_q <= '1;
      left_q  <= '0;
      cnt_q   <= '0;
      txd_o   <= 1'b1;
    end else if (left_q == 0) begin
      txd_o <= 1'b1;
      if (valid_i) begin
        frame_q <= {1'b1, data_i, 1'b0};
        left_q  <= 4'd10;
        cnt_q   <= '0;
      end
    end else if (cnt_q == 0) begin
      txd_o   <= frame_q[0];
      frame_q <= {1'b1, frame_q[9:1]};
      cnt_q   <= CW'(CLKS_PER_BIT - 1);
    end else begin
      cnt_q <= cnt_q - 1'b1;
      if (cnt_q == 1) left_q <= left_q - 1'b1;
    end
  end
endmodule
