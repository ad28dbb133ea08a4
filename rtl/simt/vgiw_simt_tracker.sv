// Divergence tracker of one SIMT warp: TRACKER = 0 the sorted path list of RR-9073 §3.2
// (simt_path_list), TRACKER = 1 the per-thread-PC arbiter of RR-9073 §3.1 (simt_pc_arbiter).
// Both issue the same sequence of paths: highest call depth, then lowest PC, equal (depth, PC)
// merged (RR-9073 §2.4); they differ in area and in when path_valid_o / commit_ready_o rise
// (docs/simt.md, "Divergence tracking"). The interface assertions below hold for both.
module vgiw_simt_tracker #(
  parameter int unsigned TRACKER = 0,
  parameter int unsigned LANES   = 4,
  parameter int unsigned DEPTH_W = 4,
  parameter int unsigned ENTRIES = LANES
) (
  input  logic               clk_i,
  input  logic               rst_ni,
  input  logic               init_valid_i,
  input  logic [LANES-1:0]   init_mask_i,
  input  logic [31:0]        init_pc_i,
  output logic               path_valid_o,
  output logic [31:0]        path_pc_o,
  output logic [LANES-1:0]   path_mask_o,
  output logic [DEPTH_W-1:0] path_depth_o,
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
  if (TRACKER == 0) begin : g_list
    vgiw_simt_path_list #(.LANES(LANES), .DEPTH_W(DEPTH_W), .ENTRIES(ENTRIES)) u_list (
      .clk_i, .rst_ni, .init_valid_i, .init_mask_i, .init_pc_i,
      .path_valid_o, .path_pc_o, .path_mask_o, .path_depth_o,
      .commit_valid_i, .commit_ready_o,
      .commit_a_mask_i, .commit_a_pc_i, .commit_a_depth_i,
      .commit_b_mask_i, .commit_b_pc_i, .commit_b_depth_i,
      .warp_done_o
    );
  end else begin : g_arbiter
    vgiw_simt_pc_arbiter #(.LANES(LANES), .DEPTH_W(DEPTH_W), .ENTRIES(ENTRIES)) u_arbiter (
      .clk_i, .rst_ni, .init_valid_i, .init_mask_i, .init_pc_i,
      .path_valid_o, .path_pc_o, .path_mask_o, .path_depth_o,
      .commit_valid_i, .commit_ready_o,
      .commit_a_mask_i, .commit_a_pc_i, .commit_a_depth_i,
      .commit_b_mask_i, .commit_b_pc_i, .commit_b_depth_i,
      .warp_done_o
    );
  end

`ifndef SYNTHESIS
  // The contract of docs/simt.md, checked on the core's side and on the tracker's.
  logic               held_q;          // a path was valid last cycle and no commit or init took it
  logic [31:0]        held_pc_q;
  logic [LANES-1:0]   held_mask_q;
  logic [DEPTH_W-1:0] held_depth_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      held_q <= 1'b0;  held_pc_q <= '0;  held_mask_q <= '0;  held_depth_q <= '0;
    end else begin
      held_q       <= path_valid_o && !(commit_valid_i && commit_ready_o) && !init_valid_i;
      held_pc_q    <= path_pc_o;
      held_mask_q  <= path_mask_o;
      held_depth_q <= path_depth_o;
    end
  end
  a_path_stable: assert property (@(posedge clk_i) disable iff (!rst_ni)
      !held_q || (path_valid_o && path_pc_o == held_pc_q && path_mask_o == held_mask_q && path_depth_o == held_depth_q))
    else $error("simt_tracker: the path changed without a commit");
  a_commit_has_path: assert property (@(posedge clk_i) disable iff (!rst_ni) !commit_valid_i || path_valid_o)
    else $error("simt_tracker: commit without a valid path");
  a_commit_masks: assert property (@(posedge clk_i) disable iff (!rst_ni)
      !commit_valid_i || ((commit_a_mask_i & commit_b_mask_i) == '0
                          && ((commit_a_mask_i | commit_b_mask_i) & ~path_mask_o) == '0))
    else $error("simt_tracker: commit masks overlap or leave the active path (a %x b %x path %x)",
                commit_a_mask_i, commit_b_mask_i, path_mask_o);
  a_commit_aligned: assert property (@(posedge clk_i) disable iff (!rst_ni)
      !commit_valid_i || (commit_a_pc_i[1:0] == 2'b00 && commit_b_pc_i[1:0] == 2'b00))
    else $error("simt_tracker: commit PC not a multiple of 4");
  a_init_idle: assert property (@(posedge clk_i) disable iff (!rst_ni)
      !init_valid_i || (warp_done_o && init_pc_i[1:0] == 2'b00))
    else $error("simt_tracker: init while the warp is running, or init PC not a multiple of 4");
  a_done_no_path: assert property (@(posedge clk_i) disable iff (!rst_ni) !(warp_done_o && path_valid_o))
    else $error("simt_tracker: a path in a finished warp");
`endif
endmodule
