// The board's logic below the clock and reset (docs/fpga.md): the serial host link (UART,
// protocol engine), the board memory and the VGIW core of the preset. The board top
// (fpga/<board>/) adds the PLL, the reset synchronizer, pins and LEDs; the simulated board
// (tb/host/hl_board_tb.c) drives this module directly through its serial line.
// CORE = 0 leaves the core out (the register port reads 0, never busy): the short FPGA flow of
// `make test` builds the link and the memory alone.
module vgiw_hl_board #(
  parameter int unsigned CLKS_PER_BIT   = 50,          // clock / baud
  parameter int unsigned TIMEOUT_CYCLES = 5_000_000,   // clock * timeout_ms / 1000
  parameter int unsigned MEM_BYTES      = vgiw_hl_pkg::HL_MEM_BYTES,
  parameter bit          CORE           = 1'b1
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        uart_rx_i,        // from the host, idle high
  output logic        uart_tx_o,        // to the host, idle high
  output logic [31:0] status_o,         // the core's STATUS as last read by the link
  output logic        rx_byte_o,        // a byte was received (LED activity)
  output logic        tx_busy_o         // a byte is being sent
);
  localparam int unsigned L     = vgiw_cfg_pkg::L1_LINE_BYTES;
  localparam int unsigned LBITS = 8 * L;
  localparam int unsigned RAB   = vgiw_cfg_pkg::REG_ADDR_BITS;

  logic           rx_valid, tx_valid, tx_ready;
  logic [7:0]     rx_data, tx_data;
  logic           reg_valid, reg_write;
  logic [RAB-1:0] reg_addr;
  logic [31:0]    reg_wdata, reg_rdata;
  logic           m_req_valid, m_req_ready, m_req_write, m_rsp_valid;
  logic [31:0]    m_req_addr, m_req_wdata, m_rsp_rdata;
  logic           mem_req_valid, mem_req_ready, mem_req_write, mem_rsp_valid, mem_rsp_ready, mem_rsp_error;
  logic [31:0]    mem_req_addr;
  logic [LBITS-1:0] mem_req_wdata, mem_rsp_rdata;
  logic [7:0]     mem_req_id, mem_rsp_id;

  vgiw_hl_uart_rx #(.CLKS_PER_BIT(CLKS_PER_BIT)) u_rx (
    .clk_i, .rst_ni, .rxd_i (uart_rx_i), .valid_o (rx_valid), .data_o (rx_data)
  );
  vgiw_hl_uart_tx #(.CLKS_PER_BIT(CLKS_PER_BIT)) u_tx (
    .clk_i, .rst_ni, .valid_i (tx_valid), .ready_o (tx_ready), .data_i (tx_data), .txd_o (uart_tx_o)
  );

  vgiw_hl_link #(.TIMEOUT_CYCLES(TIMEOUT_CYCLES), .MEM_BYTES(MEM_BYTES)) u_link (
    .clk_i, .rst_ni,
    .rx_valid_i (rx_valid), .rx_data_i (rx_data),
    .tx_valid_o (tx_valid), .tx_ready_i (tx_ready), .tx_data_o (tx_data),
    .reg_valid_o (reg_valid), .reg_write_o (reg_write), .reg_addr_o (reg_addr),
    .reg_wdata_o (reg_wdata), .reg_rdata_i (reg_rdata),
    .m_req_valid_o (m_req_valid), .m_req_ready_i (m_req_ready), .m_req_addr_o (m_req_addr),
    .m_req_write_o (m_req_write), .m_req_wdata_o (m_req_wdata),
    .m_rsp_valid_i (m_rsp_valid), .m_rsp_rdata_i (m_rsp_rdata),
    .status_o
  );

  vgiw_hl_mem #(.MEM_BYTES(MEM_BYTES), .LINE_BYTES(L)) u_mem (
    .clk_i, .rst_ni,
    .req_valid_i (mem_req_valid), .req_ready_o (mem_req_ready), .req_addr_i (mem_req_addr),
    .req_write_i (mem_req_write), .req_wdata_i (mem_req_wdata), .req_id_i (mem_req_id),
    .rsp_valid_o (mem_rsp_valid), .rsp_ready_i (mem_rsp_ready), .rsp_id_o (mem_rsp_id),
    .rsp_rdata_o (mem_rsp_rdata), .rsp_error_o (mem_rsp_error),
    .w_req_valid_i (m_req_valid), .w_req_ready_o (m_req_ready), .w_req_addr_i (m_req_addr),
    .w_req_write_i (m_req_write), .w_req_wdata_i (m_req_wdata),
    .w_rsp_valid_o (m_rsp_valid), .w_rsp_rdata_o (m_rsp_rdata)
  );

  if (CORE) begin : g_core
    logic done_unused;
    vgiw_cfg_pkg::line_req_t line_req;
    vgiw_cfg_pkg::line_rsp_t line_rsp;
    vgiw_core u_core (
      .clk_i, .rst_ni,
      .reg_valid_i (reg_valid), .reg_write_i (reg_write), .reg_addr_i (reg_addr),
      .reg_wdata_i (reg_wdata), .reg_rdata_o (reg_rdata), .done_o (done_unused),
      .line_req_valid_o (mem_req_valid), .line_req_ready_i (mem_req_ready), .line_req_o (line_req),
      .line_rsp_valid_i (mem_rsp_valid), .line_rsp_ready_o (mem_rsp_ready), .line_rsp_i (line_rsp)
    );
    // hl_mem takes the bundles' fields
    assign mem_req_addr   = line_req.addr;
    assign mem_req_write  = line_req.write;
    assign mem_req_wdata  = line_req.wdata;
    assign mem_req_id     = line_req.id;
    assign line_rsp.id    = mem_rsp_id;
    assign line_rsp.rdata = mem_rsp_rdata;
    assign line_rsp.error = mem_rsp_error;
  end else begin : g_no_core
    /* verilator lint_off UNUSEDSIGNAL */  // no core: the register port goes nowhere
    logic unused;
    assign unused = ^{reg_valid, reg_write, reg_addr, reg_wdata, mem_req_ready, mem_rsp_valid, mem_rsp_id,
                      mem_rsp_rdata, mem_rsp_error};
    /* verilator lint_on UNUSEDSIGNAL */
    assign reg_rdata     = '0;
    assign mem_req_valid = 1'b0;
    assign mem_req_addr  = '0;
    assign mem_req_write = 1'b0;
    assign mem_req_wdata = '0;
    assign mem_req_id    = '0;
    assign mem_rsp_ready = 1'b1;
  end

  assign rx_byte_o = rx_valid;
  assign tx_busy_o = !tx_ready;
endmodule
