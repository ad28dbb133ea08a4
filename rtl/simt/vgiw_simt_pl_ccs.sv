// Context Compact Sort unit of the sorted path list (RR-9073 §3.2, Fig. 3): sorts the two
// paths a and b made by the branch/memory unit from the active path together with the path c
// of the second hot context table, and merges paths of equal (call depth, PC), giving 0 to 3
// distinct paths o0 < o1 < o2 in scheduling order (highest depth, then lowest PC: §2.4).
//
// As in the paper it is built for latency rather than as a sorting network: comparators for
// order and equality between all pairs, then three-input multiplexers whose selects are
// boolean functions of the comparator results. Keys are {~depth, pc[31:2]}: smaller first.
module vgiw_simt_pl_ccs #(
  parameter int unsigned LANES = 4,
  parameter int unsigned KW    = 34
) (
  input  logic             a_valid_i,
  input  logic [KW-1:0]    a_key_i,
  input  logic [LANES-1:0] a_mask_i,
  input  logic             b_valid_i,
  input  logic [KW-1:0]    b_key_i,
  input  logic [LANES-1:0] b_mask_i,
  input  logic             c_valid_i,
  input  logic [KW-1:0]    c_key_i,
  input  logic [LANES-1:0] c_mask_i,
  output logic [2:0]       o_valid_o,
  output logic [2:0][KW-1:0]    o_key_o,
  output logic [2:0][LANES-1:0] o_mask_o,
  output logic             o1_has_c_o     // o1 is c, or contains c's threads (same key)
);
  logic eq_ab, eq_ac, eq_bc, lt_ab, lt_ac, lt_bc;
  logic sa, sb, sc;                        // the input survives (is not merged into an earlier one)
  logic [LANES-1:0] ma, mb;                // merged masks of a and b
  logic [1:0] ra, rb, rc;                  // rank of each survivor among the survivors
  logic [2:0] sel_a, sel_b, sel_c;         // one-hot per output: which input goes there

  assign eq_ab = a_valid_i && b_valid_i && a_key_i == b_key_i;
  assign eq_ac = a_valid_i && c_valid_i && a_key_i == c_key_i;
  assign eq_bc = b_valid_i && c_valid_i && b_key_i == c_key_i;
  assign lt_ab = a_key_i < b_key_i;
  assign lt_ac = a_key_i < c_key_i;
  assign lt_bc = b_key_i < c_key_i;

  // Compaction: a path equal to an earlier input (order a, b, c) joins it.
  assign sa = a_valid_i;
  assign sb = b_valid_i && !eq_ab;
  assign sc = c_valid_i && !eq_ac && !eq_bc;
  assign ma = a_mask_i | (eq_ab ? b_mask_i : '0) | (eq_ac ? c_mask_i : '0);
  assign mb = b_mask_i | (eq_bc ? c_mask_i : '0);

  // Survivors have distinct keys, so "not less" between two of them is "greater".
  assign ra = 2'((sb && !lt_ab) ? 1 : 0) + 2'((sc && !lt_ac) ? 1 : 0);
  assign rb = 2'((sa &&  lt_ab) ? 1 : 0) + 2'((sc && !lt_bc) ? 1 : 0);
  assign rc = 2'((sa &&  lt_ac) ? 1 : 0) + 2'((sb &&  lt_bc) ? 1 : 0);

  always_comb begin
    for (int r = 0; r < 3; r++) begin
      sel_a[r]    = sa && ra == 2'(r);
      sel_b[r]    = sb && rb == 2'(r);
      sel_c[r]    = sc && rc == 2'(r);
      o_valid_o[r] = sel_a[r] || sel_b[r] || sel_c[r];
      o_key_o[r]   = (sel_a[r] ? a_key_i : '0) | (sel_b[r] ? b_key_i : '0) | (sel_c[r] ? c_key_i : '0);
      o_mask_o[r]  = (sel_a[r] ? ma : '0) | (sel_b[r] ? mb : '0) | (sel_c[r] ? c_mask_i : '0);
    end
  end
  assign o1_has_c_o = sel_c[1] || (sel_a[1] && eq_ac) || (sel_b[1] && eq_bc);
endmodule
