// The two lowest set bits of a vector: the index of the lowest one and of the next one above it,
// each with a valid bit. Purely combinational, a balanced tree of pairwise merges log2(WIDTH)
// deep: a node keeps its lower child's pair when that child has two bits set, else takes the
// lower child's bit (if any) and the upper child's lowest. Used by the basic block scheduler
// for the smallest non-empty block and the smallest one other than the block in the fabric
// (VGIW §2, §3.2; rtl/ctrl/vgiw_bbs.sv), which with bbs.select_cycle are registered so that the
// prefetch's choice starts from flip-flops rather than from a search of a 288-bit summary
// (issue 22, docs/fpga.md "Tenth round").
module vgiw_lowest2 #(
  parameter  int unsigned WIDTH = 32,
  localparam int unsigned IW    = (WIDTH > 1) ? $clog2(WIDTH) : 1
) (
  input  logic [WIDTH-1:0]    data_i,
  output logic [1:0]          valid_o,   // [0]: a bit is set; [1]: two are
  output logic [1:0][IW-1:0]  idx_o      // [0]: the lowest set bit, [1]: the next (0 when not valid)
);
  // Heap layout: node n's children are 2n (lower bits) and 2n+1 (upper bits); bit c is leaf
  // NP+c, NP = WIDTH rounded up to a power of two; leaves past WIDTH are clear. A clear leaf's
  // index is 0, so an empty subtree carries zeros and the outputs need no masking.
  localparam int unsigned NP = 2 ** $clog2(WIDTH);

  logic [2*NP-1:1][1:0]         node_vld;
  logic [2*NP-1:1][1:0][IW-1:0] node_idx;

  always_comb begin
    for (int unsigned n = 1; n < 2 * NP; n++) begin   // (per node: a whole-array '0 is a
      node_vld[n] = '0;                                // replication Verilator warns of)
      node_idx[n] = '0;
    end
    for (int unsigned c = 0; c < WIDTH; c++) begin
      node_vld[NP + c][0] = data_i[c];
      node_idx[NP + c][0] = data_i[c] ? IW'(c) : '0;
    end
    for (int unsigned n = NP - 1; n >= 1; n--) begin
      if (node_vld[2*n][1]) begin                  // two in the lower half
        node_vld[n] = node_vld[2*n];
        node_idx[n] = node_idx[2*n];
      end else if (node_vld[2*n][0]) begin         // one in the lower half, then the upper's lowest
        node_vld[n] = {node_vld[2*n+1][0], 1'b1};
        node_idx[n] = {node_idx[2*n+1][0], node_idx[2*n][0]};
      end else begin                               // none in the lower half
        node_vld[n] = node_vld[2*n+1];
        node_idx[n] = node_idx[2*n+1];
      end
    end
  end

  assign valid_o = node_vld[1];
  assign idx_o   = node_idx[1];
endmodule
