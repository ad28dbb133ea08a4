// Board memory (docs/fpga.md): MEM_BYTES of on-chip block RAM from address 0, serving the
// core's line-granular memory port (docs/core.md "Memory port") and the host link's word port.
// One access per cycle. A line request passes a register first (u_line_req): it comes from the
// core's port arbiter, a wide multiplexer across the device, and the register keeps that path
// off the block RAM's address, data and write enables (docs/fpga.md "Eighth round"). Read
// latency one cycle after the register; a request is taken in the cycle its predecessor's
// response leaves (back to back). The line port has priority; the host link
// reaches memory only while no kernel runs (it refuses memory commands then), so the two
// never compete in practice. A line address at or above MEM_BYTES gets an error response
// (the core reports error `memory`); the link checks its ranges before it asks.
module vgiw_hl_mem #(
  // the board sets it (hl_board: arch/hostlink.toml mem_bytes); the small default keeps the
  // generic synthesis of the gates (every memory bit a flop there) quick
  parameter int unsigned MEM_BYTES  = 1024,
  parameter int unsigned LINE_BYTES = vgiw_cfg_pkg::L1_LINE_BYTES,
  localparam int unsigned LBITS = 8 * LINE_BYTES
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  // line port (the core's memory port)
  input  logic             req_valid_i,
  output logic             req_ready_o,
  input  logic [31:0]      req_addr_i,
  input  logic             req_write_i,
  input  logic [LBITS-1:0] req_wdata_i,
  input  logic [7:0]       req_id_i,
  output logic             rsp_valid_o,
  input  logic             rsp_ready_i,
  output logic [7:0]       rsp_id_o,
  output logic [LBITS-1:0] rsp_rdata_o,
  output logic             rsp_error_o,
  // word port (the host link): 32-bit words, address 4-byte aligned and inside the memory
  input  logic             w_req_valid_i,
  output logic             w_req_ready_o,
  /* verilator lint_off UNUSEDSIGNAL */   // the link checks alignment and range before it asks
  input  logic [31:0]      w_req_addr_i,
  /* verilator lint_on UNUSEDSIGNAL */
  input  logic             w_req_write_i,
  input  logic [31:0]      w_req_wdata_i,
  output logic             w_rsp_valid_o,     // one cycle, the cycle after the request
  output logic [31:0]      w_rsp_rdata_o
);
  localparam int unsigned LINES = MEM_BYTES / LINE_BYTES;
  localparam int unsigned WPL   = LINE_BYTES / 4;          // words per line
  localparam int unsigned OB    = $clog2(LINE_BYTES);      // byte offset bits in a line
  localparam int unsigned AB    = $clog2(MEM_BYTES);       // address bits inside the memory
  localparam int unsigned IB    = AB - OB;                 // line index bits
  localparam int unsigned WB    = (WPL > 1) ? $clog2(WPL) : 1;

  logic [LBITS-1:0] mem [LINES];
  logic [LBITS-1:0] rd_q;
  logic             rsp_valid_q, rsp_error_q, w_rsp_q;
  logic [7:0]       rsp_id_q;
  logic [WB-1:0]    w_sel_q;

  // the line request after its register: {addr, write, wdata, id}
  localparam int unsigned RQB = 32 + 1 + LBITS + 8;
  logic [RQB-1:0]   lq;
  logic             lq_valid, mem_ready;
  /* verilator lint_off UNUSEDSIGNAL */   // line offset bits: the port is line-granular
  logic [31:0]      lq_addr;
  /* verilator lint_on UNUSEDSIGNAL */
  logic             lq_write;
  logic [LBITS-1:0] lq_wdata;
  logic [7:0]       lq_id;

  logic             line_go, word_go, line_oob, access, wr;
  logic [IB-1:0]    idx;
  logic [WB-1:0]    w_sel;
  logic [WPL-1:0]   wen;
  logic [LBITS-1:0] wdata;

  // one entry, full throughput: its ready passes the memory's through (the core always takes
  // its responses, so on the board that ready is constant and the register always accepts)
  vgiw_stream_reg #(.WIDTH(RQB), .SPILL(1'b0)) u_line_req (
    .clk_i, .rst_ni, .clear_i (1'b0),
    .valid_i (req_valid_i), .ready_o (req_ready_o),
    .data_i  ({req_addr_i, req_write_i, req_wdata_i, req_id_i}),
    .valid_o (lq_valid),    .ready_i (mem_ready),   .data_o (lq)
  );
  assign {lq_addr, lq_write, lq_wdata, lq_id} = lq;

  // the response register frees in the cycle it is taken: a new read may overwrite rd_q then
  assign mem_ready     = !rsp_valid_q || rsp_ready_i;
  assign w_req_ready_o = mem_ready && !lq_valid;
  assign line_go  = lq_valid && mem_ready;
  assign word_go  = w_req_valid_i && w_req_ready_o;
  assign line_oob = lq_addr[31:AB] != '0;
  assign access   = (line_go && !line_oob) || word_go;
  assign idx      = line_go ? lq_addr[AB-1:OB] : w_req_addr_i[AB-1:OB];
  assign w_sel    = (WPL > 1) ? WB'(w_req_addr_i[OB-1:2]) : '0;
  assign wr       = line_go ? lq_write : w_req_write_i;
  assign wdata    = line_go ? lq_wdata : {WPL{w_req_wdata_i}};

  always_comb begin
    for (int w = 0; w < WPL; w++) wen[w] = access && wr && (line_go || w_sel == WB'(w));
  end

  // block RAM: no reset, a write enable per 32-bit word (DP16KD byte enables on the ECP5)
  always_ff @(posedge clk_i) begin
    if (access) rd_q <= mem[idx];
    for (int w = 0; w < WPL; w++) if (wen[w]) mem[idx][32*w +: 32] <= wdata[32*w +: 32];
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rsp_valid_q <= 1'b0;
      rsp_error_q <= 1'b0;
      rsp_id_q    <= '0;
      w_rsp_q     <= 1'b0;
      w_sel_q     <= '0;
    end else begin
      w_rsp_q <= word_go;
      if (word_go) w_sel_q <= w_sel;
      if (line_go) begin
        rsp_valid_q <= 1'b1;
        rsp_error_q <= line_oob;
        rsp_id_q    <= lq_id;
      end else if (rsp_ready_i) begin
        rsp_valid_q <= 1'b0;
      end
    end
  end

  assign rsp_valid_o   = rsp_valid_q;
  assign rsp_id_o      = rsp_id_q;
  assign rsp_rdata_o   = rd_q;
  assign rsp_error_o   = rsp_error_q;
  assign w_rsp_valid_o = w_rsp_q;
  assign w_rsp_rdata_o = rd_q[32*w_sel_q +: 32];
endmodule
