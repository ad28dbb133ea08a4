// Testbench top for the divergence trackers (docs/simt.md, "Divergence tracking"): one
// simt_tracker, built per lane count and tracker with -G (tb/simt/simt_tracker.mk), and the
// tracker's state as the C testbench checks it against its model every cycle:
//   path list (TRACKER 0): slot 0 = x, 1 = y, 2 = the pending path, 3.. = the CCT from the head
//   arbiter   (TRACKER 1): slot l = lane l (valid = live, key = its depth and PC)
// Slot s is bits [s*SW +: SW] of dbg_o = {valid, key, mask}; dbg_o carries one extra zero
// word so it is wider than 64 bits for every size and the C side uses one accessor.
module vgiw_simt_tracker_tb_top #(
  parameter  int unsigned TRACKER = 0,
  parameter  int unsigned LANES   = 4,
  parameter  int unsigned DEPTH_W = 4,
  parameter  int unsigned ENTRIES = LANES,
  localparam int unsigned KW      = DEPTH_W + 30,
  localparam int unsigned SW      = 1 + KW + LANES,
  localparam int unsigned NS      = (ENTRIES + 3 > LANES) ? ENTRIES + 3 : LANES
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
  output logic               warp_done_o,
  output logic [31:0]        cfg_o,          // {TRACKER, LANES, ENTRIES, DEPTH_W}, a byte each
  output logic               dbg_quiet_o,    // no background sort pending: the list is in order
  output logic [7:0]         dbg_event_o,    // path list: what its machinery did this cycle (coverage)
  output logic [NS*SW+63:0]  dbg_o
);
  vgiw_simt_tracker #(.TRACKER(TRACKER), .LANES(LANES), .DEPTH_W(DEPTH_W), .ENTRIES(ENTRIES)) u_trk (.*);

  assign cfg_o = {8'(TRACKER), 8'(LANES), 8'(ENTRIES), 8'(DEPTH_W)};

  if (TRACKER == 0) begin : g_list
    always_comb begin
      dbg_o = '0;
      for (int s = 0; s < ENTRIES + 3; s++) begin
        dbg_o[s*SW +: SW] = {u_trk.g_list.u_list.dbg_valid[s], u_trk.g_list.u_list.dbg_key[s],
                             u_trk.g_list.u_list.dbg_mask[s]};
      end
    end
    assign dbg_quiet_o = !u_trk.g_list.u_list.busy;
    // 0 CCS merge at a commit, 1 pop at a commit, 2 push of the pending path at the head,
    // 3 merge of the pending path into a CCT entry, 4 pending path goes below every entry,
    // 5 SHIFT moves an entry, 6 y absorbs the CCT head, 7 y and the head exchange
    logic scan, chk, n0;
    assign scan = u_trk.g_list.u_list.w_v_q && !u_trk.g_list.u_list.shift_q && u_trk.g_list.u_list.p_q != '0;
    assign chk  = !u_trk.g_list.u_list.w_v_q && u_trk.g_list.u_list.chk_q;
    assign n0   = u_trk.g_list.u_list.n_q == '0;
    assign dbg_event_o = {
      chk && !n0 && !u_trk.g_list.u_list.y_before && !u_trk.g_list.u_list.y_same,
      chk && !n0 && !u_trk.g_list.u_list.y_before &&  u_trk.g_list.u_list.y_same,
      u_trk.g_list.u_list.w_v_q && u_trk.g_list.u_list.shift_q && u_trk.g_list.u_list.h_q != u_trk.g_list.u_list.p_q,
      scan && !u_trk.g_list.u_list.w_before && !u_trk.g_list.u_list.w_same && u_trk.g_list.u_list.p_q == 1,
      scan && !u_trk.g_list.u_list.w_before && u_trk.g_list.u_list.w_same,
      scan && u_trk.g_list.u_list.w_before && u_trk.g_list.u_list.p_q == u_trk.g_list.u_list.n_q,
      u_trk.g_list.u_list.accept_commit && !u_trk.g_list.u_list.o_v[1] && !n0,
      u_trk.g_list.u_list.accept_commit && (u_trk.g_list.u_list.u_ccs.eq_ab || u_trk.g_list.u_list.u_ccs.eq_ac ||
                                            u_trk.g_list.u_list.u_ccs.eq_bc)
    };
  end else begin : g_arbiter
    always_comb begin
      dbg_o = '0;
      for (int l = 0; l < LANES; l++) begin
        dbg_o[l*SW +: SW] = {u_trk.g_arbiter.u_arbiter.live_q[l], u_trk.g_arbiter.u_arbiter.key_q[l],
                             LANES'(0)};
      end
    end
    assign dbg_quiet_o = u_trk.g_arbiter.u_arbiter.fresh_q;
    assign dbg_event_o = '0;
  end
endmodule
