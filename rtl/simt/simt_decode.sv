// RV32IM decoder of the SIMT core (docs/simt.md "ISA coverage"): one 32-bit instruction into
// the instruction class, the int_alu operation and operand selects, the immediate and the
// register numbers. Purely combinational; everything not listed in docs/simt.md is illegal.
module simt_decode (
  input  logic [31:0]     instr_i,
  output logic [3:0]      kind_o,      // simt_core K_* (below)
  output fu_pkg::alu_op_e alu_op_o,
  output logic [1:0]      a_sel_o,     // 0 rs1, 1 pc, 2 zero, 3 csr
  output logic [1:0]      b_sel_o,     // 0 rs2, 1 imm, 2 four
  output logic [31:0]     imm_o,
  output logic [4:0]      rd_o,        // 0 when the instruction writes no register
  output logic [4:0]      rs1_o,
  output logic [4:0]      rs2_o,
  output logic [2:0]      funct3_o,
  output fu_pkg::scu_op_e div_op_o,
  output logic            mulhsu_o,    // K_LONG: MULHSU (int_alu has no signed x unsigned high half)
  output logic [2:0]      csr_o        // identity CSR index (0xCC0 + csr_o)
);
  // instruction classes, shared with simt_core.sv
  localparam logic [3:0] K_ILLEGAL = 4'd0, K_ALU = 4'd1, K_BRANCH = 4'd2, K_JAL = 4'd3,
                         K_JALR = 4'd4, K_LOAD = 4'd5, K_STORE = 4'd6, K_LONG = 4'd7,
                         K_ECALL = 4'd8, K_BAR = 4'd9, K_NOP = 4'd10;

  logic [6:0]  opc, f7;
  logic [2:0]  f3;
  logic [31:0] imm_i, imm_s, imm_b, imm_u, imm_j;
  logic [11:0] csr_addr;

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

  always_comb begin
    kind_o   = K_ILLEGAL;
    alu_op_o = fu_pkg::ALU_ADD;
    a_sel_o  = 2'd0;
    b_sel_o  = 2'd0;
    imm_o    = imm_i;
    rd_o     = instr_i[11:7];
    rs1_o    = instr_i[19:15];
    div_op_o = fu_pkg::SCU_DIV;
    mulhsu_o = 1'b0;
    unique case (opc)
      7'b0110111: begin kind_o = K_ALU; a_sel_o = 2'd2; b_sel_o = 2'd1; imm_o = imm_u; end   // LUI
      7'b0010111: begin kind_o = K_ALU; a_sel_o = 2'd1; b_sel_o = 2'd1; imm_o = imm_u; end   // AUIPC
      7'b1101111: begin kind_o = K_JAL; a_sel_o = 2'd1; b_sel_o = 2'd2; imm_o = imm_j; end   // JAL: rd = pc + 4
      7'b1100111: if (f3 == 3'd0) begin kind_o = K_JALR; b_sel_o = 2'd1; end                // JALR: target rs1 + imm
      7'b1100011: begin                                                                     // branches
        kind_o = K_BRANCH; imm_o = imm_b; rd_o = 5'd0;
        unique case (f3)
          3'd0: alu_op_o = fu_pkg::ALU_EQ;
          3'd1: alu_op_o = fu_pkg::ALU_NE;
          3'd4: alu_op_o = fu_pkg::ALU_LT;
          3'd5: alu_op_o = fu_pkg::ALU_GE;
          3'd6: alu_op_o = fu_pkg::ALU_LTU;
          3'd7: alu_op_o = fu_pkg::ALU_GEU;
          default: kind_o = K_ILLEGAL;
        endcase
      end
      7'b0000011: if (f3 != 3'd3 && f3 != 3'd6 && f3 != 3'd7) kind_o = K_LOAD;              // LB LH LW LBU LHU
      7'b0100011: if (f3 <= 3'd2) begin kind_o = K_STORE; imm_o = imm_s; rd_o = 5'd0; end   // SB SH SW
      7'b0010011: begin                                                                     // OP-IMM
        kind_o = K_ALU; b_sel_o = 2'd1;
        unique case (f3)
          3'd0: alu_op_o = fu_pkg::ALU_ADD;
          3'd2: alu_op_o = fu_pkg::ALU_LT;
          3'd3: alu_op_o = fu_pkg::ALU_LTU;
          3'd4: alu_op_o = fu_pkg::ALU_XOR;
          3'd6: alu_op_o = fu_pkg::ALU_OR;
          3'd7: alu_op_o = fu_pkg::ALU_AND;
          3'd1: begin alu_op_o = fu_pkg::ALU_SLL; if (f7 != 7'd0) kind_o = K_ILLEGAL; end
          default: begin   // 5: SRLI / SRAI
            alu_op_o = f7[5] ? fu_pkg::ALU_SRA : fu_pkg::ALU_SRL;
            if (f7 != 7'd0 && f7 != 7'b0100000) kind_o = K_ILLEGAL;
          end
        endcase
      end
      7'b0110011: begin                                                                     // OP
        kind_o = K_ALU;
        if (f7 == 7'd1) begin                                                               // M extension
          unique case (f3)
            3'd0: alu_op_o = fu_pkg::ALU_MUL;
            3'd1: alu_op_o = fu_pkg::ALU_MULH;
            3'd2: begin kind_o = K_LONG; mulhsu_o = 1'b1; end
            3'd3: alu_op_o = fu_pkg::ALU_MULHU;
            3'd4: begin kind_o = K_LONG; div_op_o = fu_pkg::SCU_DIV;  end
            3'd5: begin kind_o = K_LONG; div_op_o = fu_pkg::SCU_DIVU; end
            3'd6: begin kind_o = K_LONG; div_op_o = fu_pkg::SCU_REM;  end
            default: begin kind_o = K_LONG; div_op_o = fu_pkg::SCU_REMU; end
          endcase
        end else if (f7 == 7'd0 || (f7 == 7'b0100000 && (f3 == 3'd0 || f3 == 3'd5))) begin
          unique case (f3)
            3'd0: alu_op_o = f7[5] ? fu_pkg::ALU_SUB : fu_pkg::ALU_ADD;
            3'd1: alu_op_o = fu_pkg::ALU_SLL;
            3'd2: alu_op_o = fu_pkg::ALU_LT;
            3'd3: alu_op_o = fu_pkg::ALU_LTU;
            3'd4: alu_op_o = fu_pkg::ALU_XOR;
            3'd5: alu_op_o = f7[5] ? fu_pkg::ALU_SRA : fu_pkg::ALU_SRL;
            3'd6: alu_op_o = fu_pkg::ALU_OR;
            default: alu_op_o = fu_pkg::ALU_AND;
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
          kind_o = K_ECALL; alu_op_o = fu_pkg::ALU_EQ; rs1_o = 5'd17; b_sel_o = 2'd1;
          imm_o = 32'd93; rd_o = 5'd0;
        end else if ((f3 == 3'd2 || f3 == 3'd3 || f3 == 3'd6 || f3 == 3'd7) && instr_i[19:15] == 5'd0
                     && csr_addr[11:3] == 9'h198) begin
          // CSRRS/CSRRC(I) with nothing to set or clear: a read of an identity CSR 0xCC0..0xCC7
          kind_o = K_ALU; a_sel_o = 2'd3; b_sel_o = 2'd1; imm_o = 32'd0;
        end
      end
      7'b0001011: if (f3 == 3'd0 && instr_i[31:7] == 25'd0) begin kind_o = K_BAR; rd_o = 5'd0; end  // custom-0: BAR
      default: ;
    endcase
  end
endmodule
