// Sorted path list divergence tracker of one warp (RR-9073 §3.2, Fig. 3; Collange & Brunie,
// Inria RR-9073), the tracker of the Simty core.
//
// A path is a call depth, a PC and the mask of the warp's threads at that (depth, PC). Every
// live thread is in exactly one path (RR-9073 §2, "complete and disjoint"). The paths are
// kept sorted in scheduling order, highest call depth first, then lowest PC (§2.4), with no two
// paths of equal (depth, PC): sorting makes convergence a matter of comparing neighbours, so
// there is no associative search anywhere (§2.4).
//
//   x  hot context table 1: the active path, issued to the core (path_*_o)
//   y  hot context table 2: the next path, ready to take over from x (§3.2)
//   cct cold context table: the other paths, a stack (a memory and a count n_q) whose head,
//      entry n_q-1, is the smallest; push and pop at the head only
//   ccs compact-and-sort unit (simt_pl_ccs): on a commit, sorts the paths a and b made from x
//      with c = y, merging equal ones, into x' < y' < z'. x' goes to x, y' to y; if only x' is
//      valid y' is popped from the CCT head; if z' is valid it is inserted in the CCT (§3.2).
//
// Because y was below every CCT entry before the commit, x' is below every path: the active
// path is final as soon as it is written, and path_valid_o rises the next cycle. What may be
// out of order is z' (pushed) and y' (when it comes from a or b). A background state machine
// puts them in place while the core executes x (§3.2: "whenever the CCT is idle, a state
// machine progressively sorts its contents"), one CCT read and one CCT write per cycle:
//   SCAN   compare the pending path w with the entries from the head down until its place is
//          found; an equal entry absorbs w's threads (the merge of reconvergence)
//   SHIFT  move the entries above that place up by one, then write w
//   check  compare y with the CCT head: y absorbs an equal head (pop), or trades places with a
//          smaller head, which then becomes the pending w (§3.2: entries "compared in turn with
//          path y of the second HCT ... swapped")
// commit_ready_o is low until the list is sorted again; the core needs it only when the next
// instruction of x commits. The CCT never overflows with ENTRIES >= LANES - 2: x, y, w and every
// entry hold at least one thread each (§3.2: "sized to support the worst case of one unique
// thread per path").
module vgiw_simt_path_list #(
  parameter  int unsigned LANES   = 4,
  parameter  int unsigned DEPTH_W = 4,
  parameter  int unsigned ENTRIES = LANES,
  localparam int unsigned KW      = DEPTH_W + 30,                   // key {~depth, pc[31:2]}
  localparam int unsigned AW      = (ENTRIES > 1) ? $clog2(ENTRIES) : 1,
  localparam int unsigned CW      = $clog2(ENTRIES + 1)              // 0 .. ENTRIES
) (
  input  logic               clk_i,
  input  logic               rst_ni,
  // start a warp: lanes of init_mask_i at init_pc_i, call depth 0 (only while warp_done_o)
  input  logic               init_valid_i,
  input  logic [LANES-1:0]   init_mask_i,
  input  logic [31:0]        init_pc_i,
  // the path to issue (stable while path_valid_o and no commit is accepted)
  output logic               path_valid_o,
  output logic [31:0]        path_pc_o,
  output logic [LANES-1:0]   path_mask_o,
  output logic [DEPTH_W-1:0] path_depth_o,
  // outcome of the path's instruction: a lanes to (a_pc, a_depth), b lanes to (b_pc, b_depth),
  // the path's other lanes exit
  input  logic               commit_valid_i,
  output logic               commit_ready_o,
  input  logic [LANES-1:0]   commit_a_mask_i,
  input  logic [31:0]        commit_a_pc_i,
  input  logic [DEPTH_W-1:0] commit_a_depth_i,
  input  logic [LANES-1:0]   commit_b_mask_i,
  input  logic [31:0]        commit_b_pc_i,
  input  logic [DEPTH_W-1:0] commit_b_depth_i,
  output logic               warp_done_o
);
  localparam int unsigned EW = KW + LANES;          // a CCT entry: {key, mask}

  // Hot context tables and the pending path
  logic             x_v_q, y_v_q, w_v_q, x_v_d, y_v_d, w_v_d;
  logic [KW-1:0]    x_k_q, y_k_q, w_k_q, x_k_d, y_k_d, w_k_d;
  logic [LANES-1:0] x_m_q, y_m_q, w_m_q, x_m_d, y_m_d, w_m_d;
  // Background state machine: w pending (SCAN at insertion candidate p_q, or SHIFT with the
  // hole at h_q), and the y-against-head check
  logic             shift_q, shift_d, chk_q, chk_d;
  logic [CW-1:0]    n_q, n_d, p_q, p_d, h_q, h_d;

  // Cold context table: one read port (combinational) and one write port
  logic [EW-1:0]    cct [ENTRIES];
  logic [CW-1:0]    rd_ptr;
  logic [AW-1:0]    rd_addr, wr_addr;
  logic [EW-1:0]    rd_data, wr_data;
  logic             wr_en;
  logic [KW-1:0]    rd_k;
  logic [LANES-1:0] rd_m;

  // Compact-and-sort unit
  logic [2:0]            o_v;
  logic [2:0][KW-1:0]    o_k;
  logic [2:0][LANES-1:0] o_m;
  logic                  o1_has_c;
  logic                  busy, accept_init, accept_commit;
  logic                  w_before, w_same, y_before, y_same;  // w, y against the entry read
  logic [CW-1:0]         wr_pos;

  vgiw_simt_pl_ccs #(.LANES(LANES), .KW(KW)) u_ccs (
    .a_valid_i (|commit_a_mask_i),
    .a_key_i   ({~commit_a_depth_i, commit_a_pc_i[31:2]}),
    .a_mask_i  (commit_a_mask_i),
    .b_valid_i (|commit_b_mask_i),
    .b_key_i   ({~commit_b_depth_i, commit_b_pc_i[31:2]}),
    .b_mask_i  (commit_b_mask_i),
    .c_valid_i (y_v_q),
    .c_key_i   (y_k_q),
    .c_mask_i  (y_m_q),
    .o_valid_o (o_v),
    .o_key_o   (o_k),
    .o_mask_o  (o_m),
    .o1_has_c_o(o1_has_c)
  );

  assign busy           = w_v_q || chk_q;
  assign path_valid_o   = x_v_q;
  assign path_pc_o      = {x_k_q[29:0], 2'b00};
  assign path_depth_o   = ~x_k_q[KW-1:30];
  assign path_mask_o    = x_v_q ? x_m_q : '0;
  assign commit_ready_o = x_v_q && !busy;
  assign warp_done_o    = !x_v_q;
  assign accept_init    = init_valid_i && !x_v_q;
  assign accept_commit  = commit_valid_i && commit_ready_o;

  // The read port serves the pop and the y check (the head, n-1), SCAN (p-1) and SHIFT (h-1).
  assign rd_ptr  = w_v_q ? (shift_q ? h_q : p_q) : n_q;
  assign rd_addr = (rd_ptr == '0) ? '0 : AW'(rd_ptr - CW'(1));
  assign rd_data = cct[rd_addr];
  assign rd_k    = rd_data[EW-1:LANES];
  assign rd_m    = rd_data[LANES-1:0];
  assign wr_addr = AW'(wr_pos);

  // PCs are multiples of 4 (the contract; simt_tracker asserts it)
  logic unused;
  assign unused = ^{init_pc_i[1:0], commit_a_pc_i[1:0], commit_b_pc_i[1:0]};

  // The only comparators outside the CCS: the pending path and y against the one entry read.
  // VGIW_FAULT_SIMT_* break them on purpose, to show that the tests catch it (docs/simt.md).
`ifdef VGIW_FAULT_SIMT_NO_SORT
  assign w_before = 1'b1;                  // every pending path is pushed at the head
`else
  assign w_before = w_k_q < rd_k;
`endif
`ifdef VGIW_FAULT_SIMT_NO_MERGE
  assign w_same   = 1'b0;                  // equal paths are never merged in the CCT
  assign y_same   = 1'b0;
`else
  assign w_same   = w_k_q == rd_k;
  assign y_same   = y_k_q == rd_k;
`endif
  assign y_before = y_k_q < rd_k;

  always_comb begin
    x_v_d = x_v_q;  x_k_d = x_k_q;  x_m_d = x_m_q;
    y_v_d = y_v_q;  y_k_d = y_k_q;  y_m_d = y_m_q;
    w_v_d = w_v_q;  w_k_d = w_k_q;  w_m_d = w_m_q;
    shift_d = shift_q;  chk_d = chk_q;
    n_d = n_q;  p_d = p_q;  h_d = h_q;
    wr_en = 1'b0;  wr_pos = '0;  wr_data = '0;

    if (accept_init) begin
      x_v_d = |init_mask_i;
      x_k_d = {{DEPTH_W{1'b1}}, init_pc_i[31:2]};      // depth 0
      x_m_d = init_mask_i;
      y_v_d = 1'b0;
      w_v_d = 1'b0;
      chk_d = 1'b0;
      n_d   = '0;
    end else if (accept_commit) begin
      // RR-9073 §3.2: x' is the new active path; y' the next one, popped from the CCT head when
      // the CCS made a single path; z' goes to the CCT.
      x_v_d = o_v[0];  x_k_d = o_k[0];  x_m_d = o_m[0];
      if (o_v[1]) begin
        y_v_d = 1'b1;  y_k_d = o_k[1];  y_m_d = o_m[1];
      end else if (n_q != '0) begin
        y_v_d = 1'b1;  y_k_d = rd_k;  y_m_d = rd_m;
        n_d   = n_q - CW'(1);
      end else begin
        y_v_d = 1'b0;
      end
      if (o_v[2]) begin
        w_v_d = 1'b1;  w_k_d = o_k[2];  w_m_d = o_m[2];
        shift_d = 1'b0;
        p_d     = n_q;
      end
      // y' from a or b may lie above the head; y' = c (or merged with it) is below it already
      chk_d = o_v[1] && !o1_has_c && (n_q != '0 || o_v[2]);
    end else if (w_v_q && !shift_q) begin
      // SCAN: w against entry p-1 (the entries above p are all below w)
      if (p_q == '0) begin                                   // empty CCT
        wr_en = 1'b1;  wr_pos = '0;  wr_data = {w_k_q, w_m_q};
        n_d = n_q + CW'(1);  w_v_d = 1'b0;
      end else if (w_before) begin                          // w's place is p
        if (p_q == n_q) begin                                // at the head: a push
          wr_en = 1'b1;  wr_pos = p_q;  wr_data = {w_k_q, w_m_q};
          n_d = n_q + CW'(1);  w_v_d = 1'b0;
        end else begin
          shift_d = 1'b1;  h_d = n_q;
        end
      end else if (w_same) begin                            // reconvergence: merge into p-1
        wr_en = 1'b1;  wr_pos = p_q - CW'(1);  wr_data = {rd_k, rd_m | w_m_q};
        w_v_d = 1'b0;
      end else if (p_q == CW'(1)) begin                      // w goes below every entry
        p_d = '0;  shift_d = 1'b1;  h_d = n_q;
      end else begin
        p_d = p_q - CW'(1);
      end
    end else if (w_v_q) begin
      // SHIFT: entry h-1 moves up into the hole h; the hole reaching p receives w
      wr_en = 1'b1;
      if (h_q == p_q) begin
        wr_pos = p_q;  wr_data = {w_k_q, w_m_q};
        n_d = n_q + CW'(1);  w_v_d = 1'b0;  shift_d = 1'b0;
      end else begin
        wr_pos = h_q;  wr_data = rd_data;
        h_d = h_q - CW'(1);
      end
    end else if (chk_q) begin
      // y against the CCT head (which is the smallest CCT entry: the CCT is sorted here)
      chk_d = 1'b0;
      if (n_q == '0 || y_before) begin
        // in order
      end else if (y_same) begin                            // reconvergence: y absorbs the head
        y_m_d = y_m_q | rd_m;
        n_d   = n_q - CW'(1);
      end else begin                                         // the head is next; y is reinserted
        y_k_d = rd_k;  y_m_d = rd_m;
        w_v_d = 1'b1;  w_k_d = y_k_q;  w_m_d = y_m_q;
        n_d   = n_q - CW'(1);
        p_d   = n_q - CW'(1);
        shift_d = 1'b0;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      x_v_q <= 1'b0;  x_k_q <= '0;  x_m_q <= '0;
      y_v_q <= 1'b0;  y_k_q <= '0;  y_m_q <= '0;
      w_v_q <= 1'b0;  w_k_q <= '0;  w_m_q <= '0;
      shift_q <= 1'b0;  chk_q <= 1'b0;
      n_q <= '0;  p_q <= '0;  h_q <= '0;
    end else begin
      x_v_q <= x_v_d;  x_k_q <= x_k_d;  x_m_q <= x_m_d;
      y_v_q <= y_v_d;  y_k_q <= y_k_d;  y_m_q <= y_m_d;
      w_v_q <= w_v_d;  w_k_q <= w_k_d;  w_m_q <= w_m_d;
      shift_q <= shift_d;  chk_q <= chk_d;
      n_q <= n_d;  p_q <= p_d;  h_q <= h_d;
    end
  end

  // The CCT is a memory (RR-9073 §3.3: narrow memories suit the FPGA; ECP5 maps it to LUT RAM).
  always_ff @(posedge clk_i) begin
    if (wr_en) cct[wr_addr] <= wr_data;
  end

`ifndef SYNTHESIS
  // ---- The list as the core sees it, for the assertions and the testbench: slot 0 = x,
  // 1 = y, 2 = w, 3.. = the CCT from the head down, without the hole of a SHIFT in progress.
  localparam int unsigned S = ENTRIES + 3;
  logic [S-1:0]            dbg_valid;
  logic [S-1:0][KW-1:0]    dbg_key;
  logic [S-1:0][LANES-1:0] dbg_mask;
  logic [LANES-1:0]        live_q;             // the warp's live threads, for the assertions
  logic [LANES-1:0]        seen, twice;
  logic                    x_first, cct_sorted, quiet_sorted, nonempty;

  always_comb begin
    int s;
    dbg_valid = '0;  dbg_key = '0;  dbg_mask = '0;
    dbg_valid[0] = x_v_q;  dbg_key[0] = x_k_q;  dbg_mask[0] = x_m_q;
    dbg_valid[1] = y_v_q;  dbg_key[1] = y_k_q;  dbg_mask[1] = y_m_q;
    dbg_valid[2] = w_v_q;  dbg_key[2] = w_k_q;  dbg_mask[2] = w_m_q;
    s = 3;
    for (int e = ENTRIES; e >= 0; e--) begin
      // positions 0..n-1 hold the entries; during SHIFT positions 0..n minus the hole h
      if ((w_v_q && shift_q) ? (e <= 32'(n_q) && e != 32'(h_q)) : (e < 32'(n_q))) begin
        if (e < 32'(ENTRIES) && s < 32'(S)) begin
          dbg_valid[s] = 1'b1;
          dbg_key[s]   = cct[e][EW-1:LANES];
          dbg_mask[s]  = cct[e][LANES-1:0];
        end
        s = s + 1;
      end
    end
    // every live thread in exactly one path (RR-9073 §2), no empty path
    seen = '0;  twice = '0;  nonempty = 1'b1;
    for (int i = 0; i < S; i++) begin
      if (dbg_valid[i]) begin
        twice = twice | (seen & dbg_mask[i]);
        seen  = seen | dbg_mask[i];
        if (dbg_mask[i] == '0) nonempty = 1'b0;
      end
    end
    // x before every other path; the CCT strictly sorted at all times (the state machine only
    // ever inserts w in its place); y below the head and nothing pending when quiet
    x_first = 1'b1;  cct_sorted = 1'b1;
    for (int i = 1; i < S; i++) begin
      if (dbg_valid[i] && (!x_v_q || dbg_key[i] <= x_k_q)) x_first = 1'b0;
    end
    for (int i = 3; i + 1 < S; i++) begin
      if (dbg_valid[i + 1] && dbg_key[i + 1] <= dbg_key[i]) cct_sorted = 1'b0;
    end
    quiet_sorted = !(x_v_q && !y_v_q && n_q != '0) && !(y_v_q && dbg_valid[3] && dbg_key[3] <= y_k_q);
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) live_q <= '0;
    else if (accept_init) live_q <= init_mask_i;
    else if (accept_commit) live_q <= live_q & ~(x_m_q & ~(commit_a_mask_i | commit_b_mask_i));
  end

  a_one_path: assert property (@(posedge clk_i) disable iff (!rst_ni) twice == '0 && seen == live_q && nonempty)
    else $error("simt_path_list: threads not in exactly one path (in two: %x, live %x, in some path %x)",
                twice, live_q, seen);
  a_active_first: assert property (@(posedge clk_i) disable iff (!rst_ni) x_first)
    else $error("simt_path_list: a path precedes or equals the active path");
  a_cct_sorted: assert property (@(posedge clk_i) disable iff (!rst_ni) cct_sorted)
    else $error("simt_path_list: the cold context table is not sorted, or holds two equal paths");
  a_quiet_sorted: assert property (@(posedge clk_i) disable iff (!rst_ni) busy || quiet_sorted)
    else $error("simt_path_list: the list is not sorted although no sort is pending");
  a_no_overflow: assert property (@(posedge clk_i) disable iff (!rst_ni)
      !(wr_en && 32'(wr_pos) >= ENTRIES))
    else $error("simt_path_list: cold context table overflow (ENTRIES %0d < LANES - 2?)", ENTRIES);
`endif
endmodule
