// Word reader on mem_system's control port (docs/core.md): reads count_i consecutive 32-bit
// words from addr_i and hands each one out with its index, in order. Responses are always
// taken (rsp ready is 1): every user of this reader has room for the whole transfer, which
// keeps the descriptor, the block table and the configuration FIFO free of backpressure.
module bbs_fetch (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        start_i,        // ignored while busy_o
  input  logic [31:0] addr_i,
  input  logic [15:0] count_i,        // >= 1
  output logic        busy_o,         // requests or responses outstanding
  output logic        word_valid_o,
  output logic [15:0] word_idx_o,
  output logic [31:0] word_o,
  // control port of mem_system
  output logic        ctl_req_valid_o,
  input  logic        ctl_req_ready_i,
  output logic [31:0] ctl_req_addr_o,
  input  logic        ctl_rsp_valid_i,
  output logic        ctl_rsp_ready_o,
  input  logic [31:0] ctl_rsp_rdata_i
);
  logic [31:0] addr_q;
  logic [15:0] left_req_q, left_rsp_q, idx_q;

  assign busy_o          = left_rsp_q != '0;
  assign ctl_req_valid_o = left_req_q != '0;
  assign ctl_req_addr_o  = {addr_q[31:2], 2'b00};
  assign ctl_rsp_ready_o = 1'b1;
  assign word_valid_o    = ctl_rsp_valid_i && busy_o;
  assign word_idx_o      = idx_q;
  assign word_o          = ctl_rsp_rdata_i;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      addr_q     <= '0;
      left_req_q <= '0;
      left_rsp_q <= '0;
      idx_q      <= '0;
    end else if (start_i && !busy_o) begin
      addr_q     <= addr_i;
      left_req_q <= count_i;
      left_rsp_q <= count_i;
      idx_q      <= '0;
    end else begin
      if (ctl_req_valid_o && ctl_req_ready_i) begin
        addr_q     <= addr_q + 32'd4;
        left_req_q <= left_req_q - 16'd1;
      end
      if (word_valid_o) begin
        left_rsp_q <= left_rsp_q - 16'd1;
        idx_q      <= idx_q + 16'd1;
      end
    end
  end

`ifndef SYNTHESIS
  a_no_stray_rsp: assert property (@(posedge clk_i) disable iff (!rst_ni) !(ctl_rsp_valid_i && !busy_o))
    else $error("bbs_fetch: control port response without a request");
`endif
endmodule
