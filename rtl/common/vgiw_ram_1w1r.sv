// A memory with one write port and one read port whose read is clocked: the address is taken at
// a clock edge and its word is on rd_data_o after it. That is the shape of an ECP5 block RAM
// (DP16KD) used with one port writing and the other reading; BLOCK asks Yosys to put it there
// (ram_style "block"), else in LUT RAM with a register after it ("distributed": a small table
// whose reader needs the shorter route, docs/ctrl.md "Block table and counter storage"). A read
// at the edge that writes the same address returns the old word; a user that needs the new one
// forwards it (vgiw_bbs_counters). No reset: a user that needs a known value writes it before
// the first read (vgiw_bbs_counters writes 0 as each block's table entry loads).
module vgiw_ram_1w1r #(
  parameter  int unsigned DEPTH = 64,
  parameter  int unsigned WIDTH = 32,
  /* verilator lint_off UNUSEDPARAM */  // read by the synthesis attribute only
  parameter  bit          BLOCK = 1'b1,
  /* verilator lint_on UNUSEDPARAM */
  localparam int unsigned AW    = (DEPTH > 1) ? $clog2(DEPTH) : 1
) (
  input  logic             clk_i,
  input  logic             wr_en_i,
  input  logic [AW-1:0]    wr_addr_i,
  input  logic [WIDTH-1:0] wr_data_i,
  input  logic [AW-1:0]    rd_addr_i,
  output logic [WIDTH-1:0] rd_data_o
);
  (* ram_style = BLOCK ? "block" : "distributed" *) logic [WIDTH-1:0] mem [DEPTH];

  always_ff @(posedge clk_i) begin
    if (wr_en_i) mem[wr_addr_i] <= wr_data_i;
  end
  always_ff @(posedge clk_i) begin
    rd_data_o <= mem[rd_addr_i];
  end
endmodule
