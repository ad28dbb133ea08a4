// Launch values of the basic block scheduler (docs/core.md "Launch values", docs/ctrl.md
// "Launch values"; VGIW §3.3). A configuration word of the form LAUNCH_ESC | i (i below
// DESC_LAUNCH_VALUES) is replaced by the launch's value i on its way from the configuration
// cache into the fabric, so the words on chip (and in memory) depend only on the kernel image
// and stay valid across launches with new arguments or NDRange sizes; the launch's values are
// descriptor words LAUNCH_ESC and LAUNCH0.. and are taken here as the descriptor is read. The
// runtime chooses the escape so that no other word of the kernel's configurations has its upper
// 24 bits (sw/lib/vgiw_layout.c vl_lv_plan); LAUNCH_ESC = 0 substitutes nothing (hand-built
// kernels). The substitution is a compare and a multiplexer per word of a shift step, on the
// combinational path from the cache's banks: no cycle is added to a reconfiguration.
module vgiw_bbs_launch #(
  localparam int unsigned CH = vgiw_cfg_pkg::CFG_CHAINS,
  localparam int unsigned K  = vgiw_cfg_pkg::FABRIC_CFG_SHIFT_WORDS,
  localparam int unsigned NV = vgiw_cfg_pkg::DESC_LAUNCH_VALUES,
  localparam int unsigned V0 = vgiw_cfg_pkg::DESC_W_LAUNCH0
) (
  input  logic                       clk_i,
  input  logic                       rst_ni,
  // descriptor words as they are read (word index, word)
  input  logic                       desc_valid_i,
  input  logic [15:0]                desc_idx_i,
  input  logic [31:0]                desc_word_i,
  // one shift step: K rows of CH words from the configuration cache, and the same substituted
  input  logic [K-1:0][CH-1:0][31:0] words_i,
  output logic [K-1:0][CH-1:0][31:0] words_o
);
  localparam int unsigned IW = (NV > 1) ? $clog2(NV) : 1;
  logic [31:8]  esc_q;                             // upper bits of LAUNCH_ESC; 0: no substitution
  // The values LAUNCH0.. are a memory written as the descriptor is read and read without a
  // clock at each word's slot index (LUT RAM, one copy per word of a shift step), and the word
  // chooses between its own bits and the slot's: a 2:1 choice per bit. As NV registers with a
  // compare per slot, chained, the substitution was about 35 LUT4 per bit of a shift step on
  // ECP5, and 14 as an NV:1 multiplexer of them (docs/core.md "The BBS"). The memory has no
  // reset: a slot is only read when esc_q matches, and a launch reaches a shift only after its
  // whole descriptor (the escape and every slot) has been read in S_DESC.
  logic [31:0]  val_mem [2**IW];

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      esc_q <= '0;
    end else if (desc_valid_i) begin
      if (desc_idx_i == 16'(vgiw_cfg_pkg::DESC_W_LAUNCH_ESC)) esc_q <= desc_word_i[31:8];
    end
  end
  always_ff @(posedge clk_i) begin
    if (desc_valid_i && desc_idx_i >= 16'(V0) && desc_idx_i < 16'(V0 + NV))
      val_mem[IW'(desc_idx_i - 16'(V0))] <= desc_word_i;
  end

  for (genvar k = 0; k < K; k++) begin : g_row
    for (genvar c = 0; c < CH; c++) begin : g_word
      logic [31:0]   w;
      logic [IW-1:0] slot;
      logic          hit;
      assign w    = words_i[k][c];
      assign slot = w[IW-1:0];
      assign hit  = esc_q != '0 && w[31:8] == esc_q && {24'd0, w[7:0]} < 32'(NV);
      assign words_o[k][c] = hit ? val_mem[slot] : w;
    end
  end

`ifndef SYNTHESIS
  initial begin
    if (NV > 256) $error("bbs_launch: %0d launch values; a slot index is the escape's low 8 bits", NV);
    if (vgiw_cfg_pkg::DESC_W_LAUNCH_ESC >= vgiw_cfg_pkg::DESC_WORDS || V0 + NV > vgiw_cfg_pkg::DESC_WORDS)
      $error("bbs_launch: the launch value words lie outside the descriptor the BBS reads");
  end
`endif
endmodule
