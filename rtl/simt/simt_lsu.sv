// Load/store unit of the SIMT core (docs/simt.md "Memory"): one warp instruction at a time.
// Coalescing as Simty does it (RR-9073 §3.2: the branch/memory unit splits the active path
// into a and b; the lanes it cannot serve replay at the same PC): the lanes whose address falls
// in the line of the lowest active lane are served by one line access; the others are returned
// in `served_o`'s complement and the core sends them back to the tracker at the same PC
// (commit `b`).
// A load reads the line and extracts byte / half / word with sign or zero extension per lane.
// The memory port is line-granular without byte enables, so a store reads the line, merges the
// served lanes' bytes (in lane order: of two lanes writing one byte the higher lane wins) and
// writes the whole line back; the core has one memory instruction in flight and the
// instruction cache never writes, so nothing can write the line in between.
module simt_lsu #(
  parameter  int unsigned T     = vgiw_cfg_pkg::SIMT_LANES,
  localparam int unsigned L     = vgiw_cfg_pkg::L1_LINE_BYTES,
  localparam int unsigned LBITS = 8 * L
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  // one instruction (accepted when idle)
  input  logic                  in_valid_i,
  output logic                  in_ready_o,
  input  logic                  in_store_i,
  input  logic [2:0]            in_funct3_i,
  input  logic [T-1:0]          in_mask_i,
  input  logic [T-1:0][31:0]    in_addr_i,
  input  logic [T-1:0][31:0]    in_wdata_i,
  // result: held until taken
  output logic                  out_valid_o,
  input  logic                  out_ready_i,
  output logic [T-1:0]          served_o,
  output logic [T-1:0][31:0]    rdata_o,
  output logic                  out_error_o,     // the memory answered with an error
  // memory port (ID 0 of the core's port)
  output logic                  mem_valid_o,
  input  logic                  mem_ready_i,
  output logic [31:0]           mem_addr_o,
  output logic                  mem_write_o,
  output logic [LBITS-1:0]      mem_wdata_o,
  input  logic                  mem_rsp_i,
  input  logic [LBITS-1:0]      mem_rdata_i,
  input  logic                  mem_error_i
);
  localparam int unsigned OB = $clog2(L);
  typedef enum logic [2:0] { S_IDLE, S_READ, S_RWAIT, S_WRITE, S_WWAIT, S_DONE } state_e;

  state_e               state_q;
  logic                 store_q, err_q;
  logic [2:0]           f3_q;
  logic [T-1:0]         served_q;
  logic [T-1:0][31:0]   addr_q, wdata_q, rdata_q;
  logic [31:0]          line_addr_q;
  logic [LBITS-1:0]     line_q;

  // lanes served: same line as the lowest active lane
  logic [T-1:0] served;
  /* verilator lint_off UNUSEDSIGNAL */   // the offset bits: only the line of the leader matters
  logic [31:0]  lead;
  /* verilator lint_on UNUSEDSIGNAL */
  always_comb begin
    lead = '0;
    for (int t = T - 1; t >= 0; t--) if (in_mask_i[t]) lead = in_addr_i[t];
    for (int t = 0; t < T; t++)
      served[t] = in_mask_i[t] && in_addr_i[t][31:OB] == lead[31:OB];
  end

  // store merge and load extraction on the line
  logic [LBITS-1:0]   merged;
  logic [T-1:0][31:0] loaded;
  // (accesses are aligned, so every one lies within the 32-bit word at addr[OB-1:2])
  always_comb begin
    merged = mem_rdata_i;
    for (int t = 0; t < T; t++) begin
      if (served_q[t]) begin
        logic [31:0] w, m;
        w = merged[32 * addr_q[t][OB-1:2] +: 32];
        unique case (f3_q[1:0])
          2'd0:    m = 32'hFF << (8 * addr_q[t][1:0]);
          2'd1:    m = 32'hFFFF << (8 * addr_q[t][1:0]);
          default: m = 32'hFFFF_FFFF;
        endcase
        merged[32 * addr_q[t][OB-1:2] +: 32] = (w & ~m) | ((wdata_q[t] << (8 * addr_q[t][1:0])) & m);
      end
    end
    for (int t = 0; t < T; t++) begin
      logic [31:0] w;
      w = mem_rdata_i[32 * addr_q[t][OB-1:2] +: 32] >> (8 * addr_q[t][1:0]);
      unique case (f3_q)
        3'd0: loaded[t] = {{24{w[7]}}, w[7:0]};
        3'd1: loaded[t] = {{16{w[15]}}, w[15:0]};
        3'd4: loaded[t] = {24'd0, w[7:0]};
        3'd5: loaded[t] = {16'd0, w[15:0]};
        default: loaded[t] = w;
      endcase
    end
  end

  assign in_ready_o  = state_q == S_IDLE;
  assign out_valid_o = state_q == S_DONE;
  assign served_o    = served_q;
  assign rdata_o     = rdata_q;
  assign out_error_o = err_q;
  assign mem_valid_o = state_q == S_READ || state_q == S_WRITE;
  assign mem_addr_o  = line_addr_q;
  assign mem_write_o = state_q == S_WRITE;
  assign mem_wdata_o = line_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q     <= S_IDLE;
      store_q     <= 1'b0;
      err_q       <= 1'b0;
      f3_q        <= '0;
      served_q    <= '0;
      addr_q      <= '0;
      wdata_q     <= '0;
      rdata_q     <= '0;
      line_addr_q <= '0;
      line_q      <= '0;
    end else begin
      unique case (state_q)
        S_IDLE: if (in_valid_i) begin
          state_q     <= S_READ;
          store_q     <= in_store_i;
          err_q       <= 1'b0;
          f3_q        <= in_funct3_i;
          served_q    <= served;
          addr_q      <= in_addr_i;
          wdata_q     <= in_wdata_i;
          line_addr_q <= {lead[31:OB], {OB{1'b0}}};
        end
        S_READ:  if (mem_ready_i) state_q <= S_RWAIT;
        S_RWAIT: if (mem_rsp_i) begin
          err_q   <= mem_error_i;
          rdata_q <= loaded;
          line_q  <= merged;
          state_q <= (store_q && !mem_error_i) ? S_WRITE : S_DONE;
        end
        S_WRITE: if (mem_ready_i) state_q <= S_WWAIT;
        S_WWAIT: if (mem_rsp_i) begin
          err_q   <= mem_error_i;
          state_q <= S_DONE;
        end
        default: if (out_ready_i) state_q <= S_IDLE;   // S_DONE
      endcase
    end
  end
endmodule
