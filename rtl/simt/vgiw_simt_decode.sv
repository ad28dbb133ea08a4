// RV32IMF decoder of the SIMT core (docs/simt.md "ISA coverage"): one 32-bit instruction into
// the instruction class, the unit operation and operand selects, the immediate and the register
// numbers with their register file (integer or FP). Purely combinational; everything not listed
// in docs/simt.md is illegal, the reserved static rounding modes (101, 110) included; the
// dynamic mode (111) is checked against each lane's frm at issue (simt_core).
module vgiw_simt_decode (
  input  logic [31:0]     instr_i,
  output logic [3:0]      kind_o,      // simt_core K_* (below)
  output vgiw_fu_pkg::alu_op_e alu_op_o,
  output logic [2:0]      a_sel_o,     // 0 rs1, 1 pc, 2 zero, 3 csr, 4 FP sign/class (fpx_o), 5 FP CSR
  output logic [1:0]      b_sel_o,     // 0 rs2, 1 imm, 2 four
  output logic [31:0]     imm_o,
  output logic [4:0]      rd_o,        // 0 when the instruction writes no register
  output logic [4:0]      rs1_o,
  output logic [4:0]      rs2_o,
  output logic [2:0]      funct3_o,
  output vgiw_fu_pkg::scu_op_e div_op_o,
  output logic            mulhsu_o,    // K_LONG: MULHSU (int_alu has no signed x unsigned high half)
  output logic [2:0]      csr_o,       // identity CSR index (simt.csr_base + csr_o, arch/base.toml);
                                       // with fcsr_o: 1 fflags, 2 frm, 3 fcsr
  output logic            fcsr_o,      // CSRRW/S/C(I) on fflags, frm or fcsr (RISC-V F §11.2)
  output logic            has_rm_o,    // the instruction rounds with rm_o (111: the lane's frm)
  // F extension
  output logic [4:0]      rs3_o,
  output logic            rd_fp_o,     // rd is an FP register (f0 is a register like the others)
  output logic            rs1_fp_o,
  output logic            rs2_fp_o,
  output vgiw_fu_pkg::fma_op_e fma_op_o,    // K_FMA
  output logic            c_neg_o,     // K_FMA: negate c (FMSUB, FNMSUB)
  output logic            a_neg_o,     // K_FMA: negate a (FNMSUB, FNMADD)
  output logic [2:0]      long_sel_o,  // K_LONG: 0 int_div, 1 MULHSU, 2 fp_divsqrt, 3 fp_cmp, 4 fp_cvt
  output vgiw_fu_pkg::fcmp_op_e fcmp_op_o,
  output vgiw_fu_pkg::fcvt_op_e fcvt_op_o,
  output logic [1:0]      fpx_o        // a_sel 4: 0 FSGNJ, 1 FSGNJN, 2 FSGNJX, 3 FCLASS
);
  // instruction classes, shared with vgiw_simt_core.sv
  localparam logic [3:0] K_ILLEGAL = 4'd0, K_ALU = 4'd1, K_BRANCH = 4'd2, K_JAL = 4'd3,
                         K_JALR = 4'd4, K_LOAD = 4'd5, K_STORE = 4'd6, K_LONG = 4'd7,
                         K_ECALL = 4'd8, K_BAR = 4'd9, K_NOP = 4'd10, K_FMA = 4'd11;

  logic [6:0]  opc, f7;
  logic [2:0]  f3;
  logic [31:0] imm_i, imm_s, imm_b, imm_u, imm_j;
  logic [11:0] csr_addr;
  logic [2:0]  rm;
  logic        rm_ok;        // not a reserved rounding mode (101, 110); DYN is checked at issue

  assign opc = instr_i[6:0];
  assign f3  = instr_i[14:12];
  assign f7  = instr_i[31:25];
  assign csr_addr = instr_i[31:20];
  assign imm_i = {{20{instr_i[31]}}, instr_i[31:20]};
  assign imm_s = {{20{instr_i[31]}}, instr_i[31:25], instr_i[11:7]};
  assign imm_b = {{19{instr_i[31]}}, instr_i[31], instr_i[7], instr_i[30:25], instr_i[11:8], 1'b0};
  assign imm_u = {instr_i[31:12], 12'd0};
  assign imm_j = {{11{instr_i[31]}}, instr_i[31], instr_i[19:12], instr_i[20], instr_i[30:21], 1'b0};
  assign funct3_o = f3;
  assign rs2_o    = instr_i[24:20];
  assign csr_o    = csr_addr[2:0];
  assign rs3_o    = instr_i[31:27];
  assign rm       = instr_i[14:12];
  assign rm_ok    = rm != 3'b101 && rm != 3'b110;

  always_comb begin
    kind_o   = K_ILLEGAL;
    alu_op_o = vgiw_fu_pkg::ALU_ADD;
    a_sel_o  = 3'd0;
    b_sel_o  = 2'd0;
    imm_o    = imm_i;
    rd_o     = instr_i[11:7];
    rs1_o    = instr_i[19:15];
    div_op_o = vgiw_fu_pkg::SCU_DIV;
    mulhsu_o = 1'b0;
    rd_fp_o  = 1'b0;
    rs1_fp_o = 1'b0;
    rs2_fp_o = 1'b0;
    fma_op_o = vgiw_fu_pkg::FMA_FADD;
    c_neg_o  = 1'b0;
    a_neg_o  = 1'b0;
    long_sel_o = 3'd0;
    fcmp_op_o = vgiw_fu_pkg::FCMP_OEQ;
    fcvt_op_o = vgiw_fu_pkg::FCVT_I2F;
    fpx_o    = 2'd0;
    fcsr_o   = 1'b0;
    has_rm_o = 1'b0;
    unique case (opc)
      7'b0110111: begin kind_o = K_ALU; a_sel_o = 3'd2; b_sel_o = 2'd1; imm_o = imm_u; end   // LUI
      7'b0010111: begin kind_o = K_ALU; a_sel_o = 3'd1; b_sel_o = 2'd1; imm_o = imm_u; end   // AUIPC
      7'b1101111: begin kind_o = K_JAL; a_sel_o = 3'd1; b_sel_o = 2'd2; imm_o = imm_j; end   // JAL: rd = pc + 4
      7'b1100111: if (f3 == 3'd0) begin kind_o = K_JALR; b_sel_o = 2'd1; end                // JALR: target rs1 + imm
      7'b1100011: begin                                                                     // branches
        kind_o = K_BRANCH; imm_o = imm_b; rd_o = 5'd0;
        unique case (f3)
          3'd0: alu_op_o = vgiw_fu_pkg::ALU_EQ;
          3'd1: alu_op_o = vgiw_fu_pkg::ALU_NE;
          3'd4: alu_op_o = vgiw_fu_pkg::ALU_LT;
          3'd5: alu_op_o = vgiw_fu_pkg::ALU_GE;
          3'd6: alu_op_o = vgiw_fu_pkg::ALU_LTU;
          3'd7: alu_op_o = vgiw_fu_pkg::ALU_GEU;
          default: kind_o = K_ILLEGAL;
        endcase
      end
      7'b0000011: if (f3 != 3'd3 && f3 != 3'd6 && f3 != 3'd7) kind_o = K_LOAD;              // LB LH LW LBU LHU
      7'b0100011: if (f3 <= 3'd2) begin kind_o = K_STORE; imm_o = imm_s; rd_o = 5'd0; end   // SB SH SW
      7'b0010011: begin                                                                     // OP-IMM
        kind_o = K_ALU; b_sel_o = 2'd1;
        unique case (f3)
          3'd0: alu_op_o = vgiw_fu_pkg::ALU_ADD;
          3'd2: alu_op_o = vgiw_fu_pkg::ALU_LT;
          3'd3: alu_op_o = vgiw_fu_pkg::ALU_LTU;
          3'd4: alu_op_o = vgiw_fu_pkg::ALU_XOR;
          3'd6: alu_op_o = vgiw_fu_pkg::ALU_OR;
          3'd7: alu_op_o = vgiw_fu_pkg::ALU_AND;
          3'd1: begin alu_op_o = vgiw_fu_pkg::ALU_SLL; if (f7 != 7'd0) kind_o = K_ILLEGAL; end
          default: begin   // 5: SRLI / SRAI
            alu_op_o = f7[5] ? vgiw_fu_pkg::ALU_SRA : vgiw_fu_pkg::ALU_SRL;
            if (f7 != 7'd0 && f7 != 7'b0100000) kind_o = K_ILLEGAL;
          end
        endcase
      end
      7'b0110011: begin                                                                     // OP
        kind_o = K_ALU;
        if (f7 == 7'd1) begin                                                               // M extension
          unique case (f3)
            3'd0: alu_op_o = vgiw_fu_pkg::ALU_MUL;
            3'd1: alu_op_o = vgiw_fu_pkg::ALU_MULH;
            3'd2: begin kind_o = K_LONG; mulhsu_o = 1'b1; long_sel_o = 3'd1; end
            3'd3: alu_op_o = vgiw_fu_pkg::ALU_MULHU;
            3'd4: begin kind_o = K_LONG; div_op_o = vgiw_fu_pkg::SCU_DIV;  end
            3'd5: begin kind_o = K_LONG; div_op_o = vgiw_fu_pkg::SCU_DIVU; end
            3'd6: begin kind_o = K_LONG; div_op_o = vgiw_fu_pkg::SCU_REM;  end
            default: begin kind_o = K_LONG; div_op_o = vgiw_fu_pkg::SCU_REMU; end
          endcase
        end else if (f7 == 7'd0 || (f7 == 7'b0100000 && (f3 == 3'd0 || f3 == 3'd5))) begin
          unique case (f3)
            3'd0: alu_op_o = f7[5] ? vgiw_fu_pkg::ALU_SUB : vgiw_fu_pkg::ALU_ADD;
            3'd1: alu_op_o = vgiw_fu_pkg::ALU_SLL;
            3'd2: alu_op_o = vgiw_fu_pkg::ALU_LT;
            3'd3: alu_op_o = vgiw_fu_pkg::ALU_LTU;
            3'd4: alu_op_o = vgiw_fu_pkg::ALU_XOR;
            3'd5: alu_op_o = f7[5] ? vgiw_fu_pkg::ALU_SRA : vgiw_fu_pkg::ALU_SRL;
            3'd6: alu_op_o = vgiw_fu_pkg::ALU_OR;
            default: alu_op_o = vgiw_fu_pkg::ALU_AND;
          endcase
        end else begin
          kind_o = K_ILLEGAL;
        end
      end
      7'b0001111: if (f3 == 3'd0 || f3 == 3'd1) begin kind_o = K_NOP; rd_o = 5'd0; end      // FENCE, FENCE.I
      7'b1110011: begin                                                                     // SYSTEM
        if (instr_i == 32'h0000_0073) begin
          // ECALL: only exit (a7 = 93, the Linux convention qemu-user follows); the ALU
          // compares a7 with 93 per lane
          kind_o = K_ECALL; alu_op_o = vgiw_fu_pkg::ALU_EQ; rs1_o = 5'd17; b_sel_o = 2'd1;
          imm_o = 32'd93; rd_o = 5'd0;
        end else if ((f3 == 3'd2 || f3 == 3'd3 || f3 == 3'd6 || f3 == 3'd7) && instr_i[19:15] == 5'd0
                     && csr_addr[11:3] == 9'(vgiw_cfg_pkg::SIMT_CSR_BASE / 8)) begin
          // CSRRS/CSRRC(I) with nothing to set or clear: a read of an identity CSR (simt.csr_base .. + 7)
          kind_o = K_ALU; a_sel_o = 3'd3; b_sel_o = 2'd1; imm_o = 32'd0;
        end else if (f3 != 3'd0 && f3 != 3'd4 && csr_addr[11:2] == 10'd0 && csr_addr[1:0] != 2'd0) begin
          // CSRRW/CSRRS/CSRRC and their immediate forms on fflags (1), frm (2), fcsr (3):
          // rd gets the old value (a_sel 5), the lanes' fcsr is written at issue (simt_core)
          kind_o = K_ALU; a_sel_o = 3'd5; b_sel_o = 2'd1; imm_o = 32'd0; fcsr_o = 1'b1;
        end
      end
      // ---- F ----
      7'b0000111: if (f3 == 3'd2) begin kind_o = K_LOAD; rd_fp_o = 1'b1; end                  // FLW
      7'b0100111: if (f3 == 3'd2) begin                                                     // FSW
        kind_o = K_STORE; imm_o = imm_s; rd_o = 5'd0; rs2_fp_o = 1'b1;
      end
      7'b1000011, 7'b1000111, 7'b1001011, 7'b1001111: if (instr_i[26:25] == 2'd0 && rm_ok) begin
        // FMADD, FMSUB, FNMSUB, FNMADD: one fused a*b+c with the product and/or the addend
        // negated on the way in ((-a)*b - c for FNMADD: an exact zero sum is +0, as IEEE 754
        // and qemu have it, not -(+0))
        kind_o = K_FMA; fma_op_o = vgiw_fu_pkg::FMA_FMADD; rd_fp_o = 1'b1; rs1_fp_o = 1'b1; rs2_fp_o = 1'b1;
        has_rm_o = 1'b1;
        c_neg_o = opc[2];
        a_neg_o = opc[3];
      end
      7'b1010011: begin                                                                     // OP-FP
        rs1_fp_o = 1'b1; rs2_fp_o = 1'b1; rd_fp_o = 1'b1;
        unique case (f7)
          7'h00, 7'h04, 7'h08: if (rm_ok) begin
            kind_o = K_FMA; has_rm_o = 1'b1;
            fma_op_o = (f7 == 7'h00) ? vgiw_fu_pkg::FMA_FADD : (f7 == 7'h04) ? vgiw_fu_pkg::FMA_FSUB : vgiw_fu_pkg::FMA_FMUL;
          end
          7'h0C: if (rm_ok) begin kind_o = K_LONG; long_sel_o = 3'd2; div_op_o = vgiw_fu_pkg::SCU_FDIV; has_rm_o = 1'b1; end
          7'h2C: if (rm_ok && rs2_o == 5'd0) begin
            kind_o = K_LONG; long_sel_o = 3'd2; div_op_o = vgiw_fu_pkg::SCU_FSQRT; has_rm_o = 1'b1;
          end
          7'h10: if (f3 <= 3'd2) begin                                 // FSGNJ, FSGNJN, FSGNJX: bit operations
            kind_o = K_ALU; a_sel_o = 3'd4; b_sel_o = 2'd1; imm_o = 32'd0; fpx_o = f3[1:0];
          end
          7'h14: if (f3 <= 3'd1) begin
            kind_o = K_LONG; long_sel_o = 3'd3; fcmp_op_o = f3[0] ? vgiw_fu_pkg::FCMP_FMAX : vgiw_fu_pkg::FCMP_FMIN;
          end
          7'h50: if (f3 <= 3'd2) begin                                 // FLE, FLT, FEQ -> integer rd
            kind_o = K_LONG; long_sel_o = 3'd3; rd_fp_o = 1'b0;
            fcmp_op_o = (f3 == 3'd2) ? vgiw_fu_pkg::FCMP_OEQ : (f3 == 3'd1) ? vgiw_fu_pkg::FCMP_OLT : vgiw_fu_pkg::FCMP_OLE;
          end
          7'h60: if (rm_ok && rs2_o <= 5'd1) begin                     // FCVT.W.S, FCVT.WU.S
            kind_o = K_LONG; long_sel_o = 3'd4; rd_fp_o = 1'b0; has_rm_o = 1'b1;
            fcvt_op_o = rs2_o[0] ? vgiw_fu_pkg::FCVT_F2U : vgiw_fu_pkg::FCVT_F2I;
          end
          7'h68: if (rm_ok && rs2_o <= 5'd1) begin                     // FCVT.S.W, FCVT.S.WU
            kind_o = K_LONG; long_sel_o = 3'd4; rs1_fp_o = 1'b0; has_rm_o = 1'b1;
            fcvt_op_o = rs2_o[0] ? vgiw_fu_pkg::FCVT_U2F : vgiw_fu_pkg::FCVT_I2F;
          end
          7'h70: if (rs2_o == 5'd0 && f3 <= 3'd1) begin                // FMV.X.W, FCLASS.S
            kind_o = K_ALU; rd_fp_o = 1'b0; b_sel_o = 2'd1; imm_o = 32'd0;
            if (f3 == 3'd1) begin a_sel_o = 3'd4; fpx_o = 2'd3; end
          end
          7'h78: if (rs2_o == 5'd0 && f3 == 3'd0) begin                // FMV.W.X
            kind_o = K_ALU; rs1_fp_o = 1'b0; b_sel_o = 2'd1; imm_o = 32'd0;
          end
          default: ;
        endcase
        if (kind_o == K_ILLEGAL) begin rd_fp_o = 1'b0; rd_o = 5'd0; has_rm_o = 1'b0; end
      end
      7'b0001011: if (f3 == 3'd0 && instr_i[31:7] == 25'd0) begin kind_o = K_BAR; rd_o = 5'd0; end  // custom-0: BAR
      default: ;
    endcase
  end
endmodule
