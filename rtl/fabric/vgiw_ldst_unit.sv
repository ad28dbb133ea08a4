// Load/store unit of the MT-CGRF fabric (SGMF §4.1, §5.1; VGIW §3.5; docs/fabric-units/ldst.md).
//
// A thread's operands wait in the token buffer: in0 = base address, in1 = store data,
// in3 = optional enable (a control token that orders this access after an earlier one).
// When complete it takes its reservation entry (tid mod DEPTH) and its request goes to
// the memory port through an issue register (vgiw_issue_reg: stable request, registered port);
// the entry index is the request ID. Responses return in any order and fill the entry;
// finished threads leave under the thread-epoch rule (reservation_buffer). Loads send the
// value on out0; loads and stores send a control token on out1 when out1_en is set, after
// the access has completed (its response arrived). Token buffer, reservation buffer and
// epoch gate are reorder_unit_core's; this module decodes the access and owns the port.
//
// op = cfg.op[4:0] (vgiw_fu_pkg::ldst_op_e), address = in0 + cfg.imm (byte address; accesses
// are naturally aligned). The atomic ops (LDST_AADD..LDST_ACMPXCHG) are word accesses whose
// read-modify-write the L1 bank performs (docs/mem.md "Atomics"): the request carries
// amo (vgiw_fu_pkg::amo_op_e), the operand in1 as wdata and the comparand in2 as cmp; the
// response is the old word, sent on out0 like a load's. A misaligned access is not performed: error_o is set (sticky
// until reset; clear_i does not drop it), the thread finishes at once with data 0 and
// still sends its tokens.
//
// Memory port (ldst_req / ldst_rsp of arch/formats.toml): size 0/1/2 = byte/half/word; wdata holds the store data in its low bits;
// be = the accessed bytes within the aligned word (shifted by addr[1:0]), for loads too.
// The response carries the whole aligned word; the unit extracts and extends the byte or
// half itself. Every request, store included, gets exactly one response. amo = AMO_NONE
// for loads and stores.
module vgiw_ldst_unit (
  input  logic                       clk_i,
  input  logic                       rst_ni,
  input  logic                       clear_i,
  input  vgiw_cfg_pkg::unit_cfg_t    cfg_i,
  input  logic [3:0]                 in_valid_i,
  input  logic [3:0][vgiw_cfg_pkg::TOKEN_BITS-1:0] in_tok_i,
  output logic [3:0]                 in_ready_o,
  output logic [1:0]                 out_valid_o,
  output logic [1:0][vgiw_cfg_pkg::TOKEN_BITS-1:0] out_tok_o,
  input  logic [1:0]                 out_ready_i,
  output logic                       busy_o,
  output logic                       fire_o,
  // memory port: bundles of arch/formats.toml (vgiw_cfg_pkg::ldst_req_t, ldst_rsp_t)
  output logic                       ldst_req_valid_o,
  input  logic                       ldst_req_ready_i,
  output logic [vgiw_cfg_pkg::LDST_REQ_BITS-1:0] ldst_req_o,
  input  logic                       ldst_rsp_valid_i,
  input  logic [vgiw_cfg_pkg::LDST_RSP_BITS-1:0] ldst_rsp_i,
  output logic                       error_o
);
  localparam int unsigned DEPTH = vgiw_cfg_pkg::FABRIC_TOKEN_BUFFER_DEPTH;
  localparam int unsigned IW    = vgiw_cfg_pkg::FABRIC_TOKEN_INDEX_BITS;
  localparam int unsigned TID_W = vgiw_cfg_pkg::DATAPATH_TID_BITS;
  localparam int unsigned ISS_W = vgiw_cfg_pkg::LDST_REQ_BITS;   // the issue register holds the request
  localparam int unsigned META_W = 5;   // {size[1:0], signed, addr[1:0]}: shapes the load data

  // ---- to and from the core: operands, token buffer, reservation buffer (below) -------
  logic [2:0][31:0]  operand;             // operand 2: the comparand of ACMPXCHG
  /* verilator lint_off UNUSEDSIGNAL */
  logic [TID_W-1:0]  tb_tid;              // its index bits are the request ID
  /* verilator lint_on UNUSEDSIGNAL */
  logic              tb_iss_valid, fire, core_busy;
  logic [META_W-1:0] rsp_meta;
  logic [31:0]       rsp_data;

  // ---- decode and address ------------------------------------------------------------
  vgiw_fu_pkg::ldst_op_e op;
  logic             is_store, is_signed, misaligned;
  logic [1:0]       size;
  logic [31:0]      addr, wdata;
  logic [3:0]       be;
  vgiw_fu_pkg::amo_op_e  amo;

  assign op   = vgiw_fu_pkg::ldst_op_e'(cfg_i.op[4:0]);
  assign addr = operand[0] + cfg_i.imm;

  always_comb begin
    is_store  = 1'b0;
    is_signed = 1'b0;
    size      = 2'd2;
    amo       = vgiw_fu_pkg::AMO_NONE;
    unique case (op)
      vgiw_fu_pkg::LDST_LD8:   begin size = 2'd0; is_signed = 1'b1; end
      vgiw_fu_pkg::LDST_LD8U:  size = 2'd0;
      vgiw_fu_pkg::LDST_LD16:  begin size = 2'd1; is_signed = 1'b1; end
      vgiw_fu_pkg::LDST_LD16U: size = 2'd1;
      vgiw_fu_pkg::LDST_LD32:  size = 2'd2;
      vgiw_fu_pkg::LDST_ST8:   begin size = 2'd0; is_store = 1'b1; end
      vgiw_fu_pkg::LDST_ST16:  begin size = 2'd1; is_store = 1'b1; end
      vgiw_fu_pkg::LDST_ST32:  begin size = 2'd2; is_store = 1'b1; end
      default: begin
        // an atomic: a word access; amo_op = ldst_op - LDST_AADD + 1 (arch/ops.toml)
        size = 2'd2;
        if (op >= vgiw_fu_pkg::LDST_AADD && op <= vgiw_fu_pkg::LDST_ACMPXCHG) begin
          amo = vgiw_fu_pkg::amo_op_e'(4'(op - vgiw_fu_pkg::LDST_AADD + 5'd1));
        end
      end
    endcase
    misaligned = (size == 2'd1 && addr[0]) || (size == 2'd2 && addr[1:0] != 2'd0);
    unique case (size)
      2'd0:    begin be = 4'b0001 << addr[1:0]; wdata = {24'd0, operand[1][7:0]};  end
      2'd1:    begin be = 4'b0011 << addr[1:0]; wdata = {16'd0, operand[1][15:0]}; end
      default: begin be = 4'b1111;              wdata = operand[1];                end
    endcase
    if (!is_store && amo == vgiw_fu_pkg::AMO_NONE) wdata = '0;
  end

  // ---- issue register ----------------------------------------------------------------
  // A thread leaves the token buffer when its reservation entry is free and the issue
  // register can take its request (misaligned ones make no request but wait alike).
  logic             iss_in_ready, iss_valid;
  vgiw_cfg_pkg::ldst_req_t iss_in, iss_req;
  vgiw_cfg_pkg::ldst_rsp_t rsp;
  logic [DEPTH-1:0] unsent;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [IW-1:0]    iss_id;               // iss_req.id again
  /* verilator lint_on UNUSEDSIGNAL */

  assign fire_o = fire;

  always_comb begin
    iss_in       = '0;
    iss_in.addr  = addr;
    iss_in.write = is_store;
    iss_in.size  = size;
    iss_in.wdata = wdata;
    iss_in.be    = be;
    iss_in.amo   = 4'(amo);
    iss_in.cmp   = (amo == vgiw_fu_pkg::AMO_CMPXCHG) ? operand[2] : 32'd0;
    iss_in.id    = tb_tid[IW-1:0];
  end

  // Nothing leaves during clear: the reservation buffer decides which entries become
  // zombies from `unsent`, which must be exact in that cycle.
  vgiw_issue_reg #(
    .WIDTH (ISS_W),
    .DEPTH (DEPTH),
    .SPILL (vgiw_cfg_pkg::FABRIC_MEM_REQ_SPILL)
  ) u_issue_reg (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .clear_i  (clear_i),
    .valid_i  (tb_iss_valid && !misaligned),
    .ready_o  (iss_in_ready),
    .data_i   (iss_in),
    .id_i     (tb_tid[IW-1:0]),
    .valid_o  (iss_valid),
    .ready_i  (ldst_req_ready_i),
    .data_o   (iss_req),
    .id_o     (iss_id),
    .unsent_o (unsent)
  );
  assign ldst_req_valid_o = iss_valid;
  assign ldst_req_o       = iss_req;
  assign rsp              = ldst_rsp_i;

  // ---- responses: extract and extend the accessed byte / half of the aligned word ------
  always_comb begin
    logic [1:0]  m_size, m_off;
    logic        m_signed;
    /* verilator lint_off UNUSEDSIGNAL */  // a byte or a half of it is used
    logic [31:0] shifted;
    /* verilator lint_on UNUSEDSIGNAL */
    {m_size, m_signed, m_off} = rsp_meta;
    shifted = rsp.rdata >> {m_off, 3'b000};
    unique case (m_size)
      2'd0:    rsp_data = {{24{m_signed && shifted[7]}},  shifted[7:0]};
      2'd1:    rsp_data = {{16{m_signed && shifted[15]}}, shifted[15:0]};
      default: rsp_data = rsp.rdata;
    endcase
  end

  vgiw_reorder_unit_core #(
    .META_W (META_W)
  ) u_core (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .clear_i     (clear_i),
    .cfg_i       (cfg_i),
    .in_valid_i  (in_valid_i),
    .in_tok_i    (in_tok_i),
    .in_ready_o  (in_ready_o),
    .out_valid_o (out_valid_o),
    .out_tok_o   (out_tok_o),
    .out_ready_i (out_ready_i),
    .busy_o      (core_busy),
    .fire_o      (fire),
    .iss_valid_o (tb_iss_valid),
    .iss_ready_i (iss_in_ready),
    .iss_tid_o   (tb_tid),
    .operand_o   (operand),
    .iss_need_i  ({cfg_i.out1_en, !is_store}),
    .iss_done_i  (misaligned),
    .iss_data_i  (32'd0),
    .iss_meta_i  ({size, is_signed, addr[1:0]}),
    .unsent_i    (unsent),
    .rsp_valid_i (ldst_rsp_valid_i),
    .rsp_idx_i   (rsp.id),
    .rsp_data_i  (rsp_data),
    .rsp_meta_o  (rsp_meta)
  );

  assign busy_o = core_busy || |unsent;

  // ---- sticky error ------------------------------------------------------------------
  logic error_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)                      error_q <= 1'b0;
    else if (fire && misaligned)      error_q <= 1'b1;
  end
  assign error_o = error_q;
endmodule
