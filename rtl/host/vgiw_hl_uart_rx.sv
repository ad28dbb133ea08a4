// UART receiver of the host link (docs/fpga.md): 8 data bits, no parity, 1 stop bit, least
// significant bit first. The line is synchronized (two flops), a start bit is confirmed at its
// middle and every bit is sampled at its middle. A byte whose stop bit reads 0 (a framing error,
// e.g. a break or a baud mismatch) is dropped: the protocol's checksum and timeout deal with it.
module vgiw_hl_uart_rx #(
  parameter int unsigned CLKS_PER_BIT = 50      // clock cycles per bit (clock / baud), >= 4
) (
  input  logic       clk_i,
  input  logic       rst_ni,
  input  logic       rxd_i,        // serial line, idle high
  output logic       valid_o,      // one cycle per received byte
  output logic [7:0] data_o
);
  localparam int unsigned CW = $clog2(CLKS_PER_BIT + 1);

  typedef enum logic [1:0] {IDLE, START, DATA, STOP} state_e;
  state_e        state_q;
  logic [1:0]    sync_q;
  logic [CW-1:0] cnt_q;
  logic [2:0]    bit_q;
  logic [7:0]    shift_q;
  logic          rxd;

  assign rxd = sync_q[1];

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sync_q  <= 2'b11;
      state_q <= IDLE;
      cnt_q   <= '0;
      bit_q   <= '0;
      shift_q <= '0;
      valid_o <= 1'b0;
      data_o  <= '0;
    end else begin
      sync_q  <= {sync_q[0], rxd_i};
      valid_o <= 1'b0;
      unique case (state_q)
        IDLE: if (!rxd) begin
          state_q <= START;
          cnt_q   <= CW'(CLKS_PER_BIT / 2 - 1);
        end
        START: if (cnt_q != 0) cnt_q <= cnt_q - 1'b1;
               else if (rxd) state_q <= IDLE;          // a glitch, not a start bit
               else begin
                 state_q <= DATA;
                 cnt_q   <= CW'(CLKS_PER_BIT - 1);
                 bit_q   <= '0;
               end
        DATA: if (cnt_q != 0) cnt_q <= cnt_q - 1'b1;
              else begin
                shift_q <= {rxd, shift_q[7:1]};
                cnt_q   <= CW'(CLKS_PER_BIT - 1);
                bit_q   <= bit_q + 1'b1;
                if (bit_q == 3'd7) state_q <= STOP;
              end
        STOP: if (cnt_q != 0) cnt_q <= cnt_q - 1'b1;
              else begin
                state_q <= IDLE;             // back at mid stop bit: ready for the next start edge
                if (rxd) begin
                  valid_o <= 1'b1;
                  data_o  <= shift_q;
                end
              end
        default: state_q <= IDLE;
      endcase
    end
  end
endmodule
