// Instruction cache of the SIMT core (docs/simt.md "Instruction path"): direct-mapped, LINES
// lines of one memory-port line each, read combinationally by the issue stage. A miss sends
// one line read through the core's memory port (refill_*), one at a time. Instructions are
// never written by the core (no self-modifying code); clear_i invalidates every line at launch,
// so a host may load a new program between kernels.
module vgiw_simt_icache #(
  parameter  int unsigned LINES = vgiw_cfg_pkg::SIMT_ICACHE_LINES,
  localparam int unsigned L     = vgiw_cfg_pkg::L1_LINE_BYTES,
  localparam int unsigned LBITS = 8 * L
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             clear_i,
  // lookup (combinational)
  /* verilator lint_off UNUSEDSIGNAL */   // bits 1:0: PCs are word addresses
  input  logic [31:0]      pc_i,
  /* verilator lint_on UNUSEDSIGNAL */
  output logic             hit_o,
  output logic [31:0]      instr_o,
  input  logic             miss_i,          // the issue stage wants pc_i and it missed
  // refill through the memory port
  output logic             refill_valid_o,
  input  logic             refill_ready_i,
  output logic [31:0]      refill_addr_o,
  input  logic             refill_rsp_i,    // response to the refill (its ID)
  input  logic [LBITS-1:0] refill_line_i,
  output logic             busy_o           // a refill is requested or outstanding
);
  localparam int unsigned OB = $clog2(L);
  localparam int unsigned IB = (LINES > 1) ? $clog2(LINES) : 1;
  localparam int unsigned TB = 32 - OB;     // tag: the whole line address (simple, no aliasing)

  logic [LINES-1:0]            valid_q;
  logic [LINES-1:0][TB-1:0]    tag_q;
  logic [LINES-1:0][LBITS-1:0] data_q;
  logic                        req_q, wait_q;
  logic [31:0]                 addr_q;
  logic [IB-1:0]               idx, ridx;
  logic [LBITS-1:0]            line;

  assign idx  = (LINES > 1) ? IB'(pc_i[OB +: IB]) : '0;
  assign ridx = (LINES > 1) ? IB'(addr_q[OB +: IB]) : '0;
  assign hit_o = valid_q[idx] && tag_q[idx] == pc_i[31:OB];
  assign line = data_q[idx];
  assign instr_o = line[32 * pc_i[OB-1:2] +: 32];

  assign refill_valid_o = req_q;
  assign refill_addr_o  = addr_q;
  assign busy_o         = req_q || wait_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q <= '0;
      tag_q   <= '0;
      // line by line: one '0 of LINES x LBITS bits is a replication Verilator flags above 8 Kbit (paper: 16 Kbit)
      for (int unsigned i = 0; i < LINES; i++) data_q[i] <= '0;
      req_q   <= 1'b0;
      wait_q  <= 1'b0;
      addr_q  <= '0;
    end else begin
      if (clear_i) valid_q <= '0;
      if (miss_i && !req_q && !wait_q && !clear_i) begin
        req_q  <= 1'b1;
        addr_q <= {pc_i[31:OB], {OB{1'b0}}};
      end
      if (req_q && refill_ready_i) begin
        req_q  <= 1'b0;
        wait_q <= 1'b1;
      end
      if (wait_q && refill_rsp_i) begin
        wait_q        <= 1'b0;
        valid_q[ridx] <= 1'b1;
        tag_q[ridx]   <= addr_q[31:OB];
        data_q[ridx]  <= refill_line_i;
      end
    end
  end
endmodule
