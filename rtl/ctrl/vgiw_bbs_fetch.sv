// Word reader on mem_system's control port (docs/core.md, docs/ctrl.md "Configuration cache"):
// reads count_i consecutive 32-bit words from addr_i and hands them out in order, each group
// with the index of its first word. Word mode hands out one word per response; wide mode
// (wide_i) asks once per line and hands out every wanted word of the line in one cycle, from
// the line the control port returns with each response, so a configuration streams at one
// line per cycle instead of one word (VGIW §3.2: reconfiguration cost). Responses are always
// taken (rsp ready is 1): every user of this reader has room for the whole transfer, which
// keeps the descriptor, the block table and the configuration cache free of backpressure.
module vgiw_bbs_fetch #(
  localparam int unsigned L     = vgiw_cfg_pkg::L1_LINE_BYTES,
  localparam int unsigned WPL   = L / 4,                       // words per line
  localparam int unsigned OFF   = $clog2(L),
  localparam int unsigned WOW   = (WPL > 1) ? $clog2(WPL) : 1,
  localparam int unsigned CNT_W = $clog2(WPL + 1)
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,
  input  logic                    start_i,        // ignored while busy_o
  input  logic [31:0]             addr_i,         // word aligned
  input  logic [15:0]             count_i,        // >= 1
  input  logic                    wide_i,
  output logic                    busy_o,         // requests or responses outstanding
  output logic                    word_valid_o,
  output logic [15:0]             word_idx_o,     // index of the first word handed out (word_o)
  output logic [CNT_W-1:0]        word_cnt_o,     // words handed out: line_o[line_off_o ..] (word_cnt_o of them)
  output logic [31:0]             word_o,         // = line_o[line_off_o]
  output logic [WPL-1:0][31:0]    line_o,         // the response's line, as it came
  output logic [WOW-1:0]          line_off_o,     // its first wanted word
  // control port of mem_system
  output logic                    ctl_req_valid_o,
  input  logic                    ctl_req_ready_i,
  output logic [31:0]             ctl_req_addr_o,
  input  logic                    ctl_rsp_valid_i,
  output logic                    ctl_rsp_ready_o,
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic [31:0]             ctl_rsp_rdata_i, // the same word as the line's, kept for the port's users
  /* verilator lint_on UNUSEDSIGNAL */
  input  logic [8*L-1:0]          ctl_rsp_line_i
);
  logic             wide_q;
  logic [31:0]      req_addr_q, rsp_addr_q;
  logic [15:0]      left_req_q, left_rsp_q, idx_q;
  logic [15:0]      req_chunk, rsp_chunk;
  logic [WOW-1:0]   rsp_off;

  // words taken per request: the rest of the line in wide mode, else one
  logic [15:0] req_room, rsp_room;
  assign req_room  = 16'(WPL) - 16'(req_addr_q[OFF-1:2]);
  assign rsp_room  = 16'(WPL) - 16'(rsp_addr_q[OFF-1:2]);
  assign req_chunk = (!wide_q || WPL == 1) ? 16'd1 : (left_req_q < req_room) ? left_req_q : req_room;
  assign rsp_chunk = (!wide_q || WPL == 1) ? 16'd1 : (left_rsp_q < rsp_room) ? left_rsp_q : rsp_room;
  assign rsp_off         = (WPL > 1) ? WOW'(rsp_addr_q[OFF-1:2]) : '0;
  assign busy_o          = left_rsp_q != '0;
  assign ctl_req_valid_o = left_req_q != '0;
  assign ctl_req_addr_o  = {req_addr_q[31:2], 2'b00};
  assign ctl_rsp_ready_o = 1'b1;
  assign word_valid_o    = ctl_rsp_valid_i && busy_o;
  assign word_idx_o      = idx_q;
  assign word_cnt_o      = CNT_W'(rsp_chunk);
  // The line goes out as it came, with the offset of the first wanted word: the configuration
  // cache rotates it once into its banks (a rotation here as well, to put the first word at
  // position 0, was a second 32-bit WPL:1 multiplexer per word; docs/core.md "The BBS").
  assign line_o          = ctl_rsp_line_i;
  assign line_off_o      = rsp_off;
  assign word_o          = line_o[rsp_off];

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wide_q     <= 1'b0;
      req_addr_q <= '0;
      rsp_addr_q <= '0;
      left_req_q <= '0;
      left_rsp_q <= '0;
      idx_q      <= '0;
    end else if (start_i && !busy_o) begin
      wide_q     <= wide_i;
      req_addr_q <= addr_i;
      rsp_addr_q <= addr_i;
      left_req_q <= count_i;
      left_rsp_q <= count_i;
      idx_q      <= '0;
    end else begin
      if (ctl_req_valid_o && ctl_req_ready_i) begin
        req_addr_q <= req_addr_q + 32'({req_chunk, 2'b00});
        left_req_q <= left_req_q - req_chunk;
      end
      if (word_valid_o) begin
        rsp_addr_q <= rsp_addr_q + 32'({rsp_chunk, 2'b00});
        left_rsp_q <= left_rsp_q - rsp_chunk;
        idx_q      <= idx_q + rsp_chunk;
      end
    end
  end

`ifndef SYNTHESIS
  a_no_stray_rsp: assert property (@(posedge clk_i) disable iff (!rst_ni) !(ctl_rsp_valid_i && !busy_o))
    else $error("bbs_fetch: control port response without a request");
  a_rsp_word: assert property (@(posedge clk_i) disable iff (!rst_ni)
                               !(word_valid_o && ctl_rsp_rdata_i != word_o))
    else $error("bbs_fetch: the response word is not the line's word at the read address");
`endif
endmodule
