// Select tree: of N candidates, each a valid bit and a key, the valid one with the smallest
// key (MAX = 0) or the largest (MAX = 1); of equal keys, the lowest-numbered. Purely
// combinational, a balanced tree of pairwise choices log2(N) deep rather than a scan that
// compares each candidate with the best so far (N deep): a node keeps its left
// (lower-numbered) child unless the right one is valid and strictly better, which is the
// scan's tie rule. Used for the oldest epoch present in a reordering unit
// (vgiw_reservation_buffer, SGMF §4.2) and for the least recently used entry of the
// configuration cache (vgiw_bbs_cfg_cache, issue 22 "Sixth round" in docs/fpga.md).
module vgiw_select_tree #(
  parameter  int unsigned N     = 2,
  parameter  int unsigned KEY_W = 8,
  parameter  bit          MAX   = 1'b0,   // 0: smallest key wins, 1: largest
  localparam int unsigned IW    = (N > 1) ? $clog2(N) : 1
) (
  input  logic [N-1:0]            valid_i,
  input  logic [N-1:0][KEY_W-1:0] key_i,
  output logic                    valid_o,   // some candidate is valid
  output logic [KEY_W-1:0]        key_o,     // its key     } meaningful only with valid_o
  output logic [IW-1:0]           idx_o      // its index   }
);
  // Heap layout: node n's children are 2n (left) and 2n+1 (right); candidate c is leaf NP+c,
  // NP = N rounded up to a power of two, and the leaves past N are never valid.
  localparam int unsigned NP = 2 ** $clog2(N);

  logic [2*NP-1:1]            node_valid;
  logic [2*NP-1:1][KEY_W-1:0] node_key;
  logic [2*NP-1:1][IW-1:0]    node_idx;
  logic                       right_better;

  always_comb begin
    node_valid   = '0;
    node_key     = '0;
    node_idx     = '0;
    right_better = 1'b0;
    for (int unsigned c = 0; c < N; c++) begin
      node_valid[NP + c] = valid_i[c];
      node_key[NP + c]   = key_i[c];
      node_idx[NP + c]   = IW'(c);
    end
    for (int unsigned n = NP - 1; n >= 1; n--) begin
      right_better = MAX ? node_key[2*n+1] > node_key[2*n] : node_key[2*n+1] < node_key[2*n];
      if (node_valid[2*n+1] && (!node_valid[2*n] || right_better)) begin
        node_valid[n] = 1'b1;
        node_key[n]   = node_key[2*n+1];
        node_idx[n]   = node_idx[2*n+1];
      end else begin
        node_valid[n] = node_valid[2*n];
        node_key[n]   = node_key[2*n];
        node_idx[n]   = node_idx[2*n];
      end
    end
  end

  assign valid_o = node_valid[1];
  assign key_o   = node_key[1];
  assign idx_o   = node_idx[1];
endmodule
