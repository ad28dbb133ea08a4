// Per-thread-PC divergence tracker of one warp: the arbiter of RR-9073 §3.1 (Collange & Brunie,
// Inria RR-9073), the baseline the sorted path list (simt_path_list) is compared with.
//
// One PC register and one call-depth register per thread. A parallel reduction, a tree of
// comparators and multiplexers over the live threads, selects the highest call depth and then
// the lowest PC (the scheduling policy of RR-9073 §2.4); the threads whose (depth, PC) equal the
// winner form the active path. Threads that reach the same (depth, PC) therefore reconverge
// without any list: the comparison against the winner is the merge.
//
// The reduction is long (log2 LANES comparator levels and one equality per thread); RR-9073
// §3.3 notes that arbitration "should be allotted one or more extra pipeline stages". Here its
// result is registered: after a commit the path is valid again one cycle later (path_valid_o
// low for that cycle). Ports and parameters are those of simt_path_list (docs/simt.md,
// "Divergence tracking"); ENTRIES has no meaning here and is accepted for that reason.
module vgiw_simt_pc_arbiter #(
  parameter  int unsigned LANES   = 4,
  parameter  int unsigned DEPTH_W = 4,
  parameter  int unsigned ENTRIES = LANES,
  localparam int unsigned KW      = DEPTH_W + 30        // scheduling key {~depth, pc[31:2]}
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

  // Per-thread state. The key is stored already in scheduling form: the smallest key is the
  // highest depth, then the lowest PC (RR-9073 §2.4), so the tree is a plain minimum.
  logic [LANES-1:0]         live_q;
  logic [LANES-1:0][KW-1:0] key_q;

  // The registered result of the reduction; fresh_q says it was computed from the current state.
  logic                     fresh_q;
  logic                     win_valid_q;
  logic [KW-1:0]            win_key_q;
  logic [LANES-1:0]         win_mask_q;

  // The winner: a minimum over the live threads by a tree of pairwise choices.
  logic                     win_valid;
  logic [KW-1:0]            win_key;
  logic [LANES-1:0]         win_mask;
  logic                     accept_init, accept_commit;
  logic [KW-1:0]            key_a, key_b, key_init;

  vgiw_select_tree #(.N(LANES), .KEY_W(KW), .MAX(1'b0)) u_min_key (
    .valid_i (live_q),
    .key_i   (key_q),
    .valid_o (win_valid),
    .key_o   (win_key),
    /* verilator lint_off PINCONNECTEMPTY */
    .idx_o   ()                 // the path is every thread with the winning key, not one
    /* verilator lint_on PINCONNECTEMPTY */
  );

  // the active path: every live thread whose (depth, PC) is the winner's
  always_comb begin
    for (int l = 0; l < LANES; l++) begin
      win_mask[l] = live_q[l] && key_q[l] == win_key;
    end
  end

  assign key_a    = {~commit_a_depth_i, commit_a_pc_i[31:2]};
  assign key_b    = {~commit_b_depth_i, commit_b_pc_i[31:2]};
  assign key_init = {{DEPTH_W{1'b1}}, init_pc_i[31:2]};      // depth 0

  assign path_valid_o   = fresh_q && win_valid_q;
  assign path_pc_o      = {win_key_q[29:0], 2'b00};
  assign path_depth_o   = ~win_key_q[KW-1:30];
  assign path_mask_o    = path_valid_o ? win_mask_q : '0;
  assign commit_ready_o = path_valid_o;
  assign warp_done_o    = !(|live_q);
  assign accept_init    = init_valid_i && warp_done_o;
  assign accept_commit  = commit_valid_i && commit_ready_o;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      live_q      <= '0;
      key_q       <= '0;
      fresh_q     <= 1'b0;
      win_valid_q <= 1'b0;
      win_key_q   <= '0;
      win_mask_q  <= '0;
    end else begin
      // the reduction of this cycle's state; stale for one cycle after the state changes
      win_valid_q <= win_valid;
      win_key_q   <= win_key;
      win_mask_q  <= win_mask;
      fresh_q     <= !(accept_init || accept_commit);
      if (accept_init) begin
        live_q <= init_mask_i;
        for (int l = 0; l < LANES; l++) key_q[l] <= key_init;
      end else if (accept_commit) begin
        for (int l = 0; l < LANES; l++) begin
          if (win_mask_q[l]) begin
            if (commit_a_mask_i[l])      key_q[l] <= key_a;
            else if (commit_b_mask_i[l]) key_q[l] <= key_b;
            else                         live_q[l] <= 1'b0;     // the thread exited
          end
        end
      end
    end
  end

  // PCs are multiples of 4 (the contract); ENTRIES is part of the shared parameter list only
  logic unused;
  assign unused = ^{init_pc_i[1:0], commit_a_pc_i[1:0], commit_b_pc_i[1:0], 32'(ENTRIES)};

`ifndef SYNTHESIS
  // The registered winner is the minimum over the live threads it was computed from, and the
  // active path holds exactly the live threads at that (depth, PC) (RR-9073 §3.1).
  logic win_ok;
  always_comb begin
    win_ok = 1'b1;
    for (int l = 0; l < LANES; l++) begin
      if (live_q[l] && key_q[l] < win_key_q) win_ok = 1'b0;
      if (win_mask_q[l] != (live_q[l] && key_q[l] == win_key_q)) win_ok = 1'b0;
    end
    if (win_valid_q != (|live_q)) win_ok = 1'b0;
  end
  a_winner_is_min: assert property (@(posedge clk_i) disable iff (!rst_ni) !fresh_q || win_ok)
    else $error("simt_pc_arbiter: the active path is not the (highest depth, lowest PC) of the live threads");
`endif
endmodule
