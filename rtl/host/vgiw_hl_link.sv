// Protocol engine of the serial host link (docs/fpga.md; constants in arch/hostlink.toml).
// Takes request frames byte by byte from the UART receiver, checks them whole (checksum,
// command, length, state, address) before doing anything, then drives the core's register
// port and the board memory's word port, and sends one reply frame per request. Any bad
// request gets an error reply and changes nothing; the engine then waits for the next frame.
// One request at a time: bytes that arrive before the reply has been sent are dropped.
module vgiw_hl_link #(
  parameter int unsigned TIMEOUT_CYCLES = 5_000_000,          // no byte for this long: TIMEOUT
  parameter int unsigned MEM_BYTES      = vgiw_hl_pkg::HL_MEM_BYTES,
  localparam int unsigned RAB = vgiw_cfg_pkg::REG_ADDR_BITS
) (
  input  logic           clk_i,
  input  logic           rst_ni,
  // bytes from the UART receiver, to the UART transmitter
  input  logic           rx_valid_i,
  input  logic [7:0]     rx_data_i,
  output logic           tx_valid_o,
  input  logic           tx_ready_i,
  output logic [7:0]     tx_data_o,
  // the core's register port (docs/core.md): read data combinational from the address
  output logic           reg_valid_o,
  output logic           reg_write_o,
  output logic [RAB-1:0] reg_addr_o,
  output logic [31:0]    reg_wdata_o,
  input  logic [31:0]    reg_rdata_i,
  // the board memory's word port (hl_mem)
  output logic           m_req_valid_o,
  input  logic           m_req_ready_i,
  output logic [31:0]    m_req_addr_o,
  output logic           m_req_write_o,
  output logic [31:0]    m_req_wdata_o,
  input  logic           m_rsp_valid_i,
  input  logic [31:0]    m_rsp_rdata_i,
  // the core's STATUS register as last read (for the board's LEDs)
  output logic [31:0]    status_o
);
  localparam int unsigned MAXP = vgiw_hl_pkg::HL_MAX_PAYLOAD;
  localparam int unsigned MAXW = vgiw_hl_pkg::HL_MAX_WORDS;
  localparam int unsigned NBW  = MAXW + 1;                  // buffered words: address + data
  localparam int unsigned BWB  = $clog2(NBW);
  localparam int unsigned TB   = $clog2(TIMEOUT_CYCLES + 1);
  localparam logic [7:0]  SYNC_REQ = 8'(vgiw_hl_pkg::HL_SYNC_REQ);
  localparam logic [7:0]  SYNC_RSP = 8'(vgiw_hl_pkg::HL_SYNC_RSP);
  localparam logic [RAB-1:0] R_STATUS  = RAB'(vgiw_cfg_pkg::REG_STATUS);
  localparam logic [RAB-1:0] R_KDESC   = RAB'(vgiw_cfg_pkg::REG_KDESC);
  localparam logic [RAB-1:0] R_CTRL    = RAB'(vgiw_cfg_pkg::REG_CTRL);
  localparam logic [RAB-1:0] R_CNT_SEL = RAB'(vgiw_cfg_pkg::REG_CNT_SEL);
  localparam logic [RAB-1:0] R_CNT_LO  = RAB'(vgiw_cfg_pkg::REG_CNT_LO);
  localparam logic [RAB-1:0] R_CNT_HI  = RAB'(vgiw_cfg_pkg::REG_CNT_HI);

  function automatic logic [7:0] crc8(input logic [7:0] c, input logic [7:0] b);
    logic [7:0] x;
    x = c ^ b;
    for (int i = 0; i < 8; i++) x = x[7] ? ((x << 1) ^ 8'(vgiw_hl_pkg::HL_CRC_POLY)) : (x << 1);
    crc8 = x;
  endfunction

  typedef enum logic [3:0] {
    S_IDLE, S_CMD, S_LEN, S_PAY, S_CRC, S_CHECK, S_WRITE, S_WRITE_WAIT, S_START2, S_CNT_LO, S_CNT_HI,
    S_TX, S_FETCH, S_FETCH_WAIT, S_CNT_SEL
  } state_e;

  state_e      state_q;
  logic [7:0]  cmd_q, len_q, cnt_q, crc_q, st_q, rlen_q;
  logic [39:0] hdr_q;                 // payload bytes 0..4
  logic [23:0] asm_q;                 // the last three payload bytes (a word is written with the 4th)
  logic [31:0] bufw [NBW];            // payload as words (word 0: the address of memory commands)
  logic [BWB-1:0] wi_q;               // MEM_WRITE: next buffered word
  logic [5:0]  nw_q;                  // memory commands: words left
  logic [31:0] maddr_q;
  logic [63:0] rpay_q;                // reply payload (MEM_READ: the current word in bits 31:0)
  logic        rmem_q;                // reply payload comes from memory (MEM_READ)
  logic        rcnt_q;                // reply payload is counters read one after the other (COUNTER, n > 1)
  logic        have_q;                // MEM_READ / COUNTER: the word / counter of the current payload bytes is in rpay_q
  logic [15:0] cidx_q;                // COUNTER: index of the counter being sent
  logic [8:0]  k_q;                   // reply byte index: 0 sync, 1 status, 2 length, payload, crc
  logic [TB-1:0] idle_q;
  logic [31:0] status_q;

  // ---- request checks (S_CHECK) ---------------------------------------------------------------
  logic [31:0] addr;
  logic [7:0]  n_rd;
  logic [7:0]  n_cnt;                 // COUNTER: counters asked for (1 without the count byte)
  logic [5:0]  n_words;
  logic [32:0] end_addr;
  logic        busy, known, len_ok, needs_idle, is_mem, addr_ok;
  logic [7:0]  verdict;

  assign addr = hdr_q[31:0];
  assign n_rd = hdr_q[39:32];
  assign n_cnt = len_q == 8'd3 ? hdr_q[23:16] : 8'd1;
  assign busy = status_q[vgiw_cfg_pkg::STATUS_BUSY_BIT];

  always_comb begin
    known = 1'b1;
    len_ok = 1'b0;
    needs_idle = 1'b0;
    is_mem = 1'b0;
    n_words = '0;
    unique case (cmd_q)
      vgiw_hl_pkg::HL_CMD_PING:      len_ok = len_q == 8'd0;
      vgiw_hl_pkg::HL_CMD_MEM_WRITE: begin
        len_ok = len_q >= 8'd8 && 32'(len_q) <= MAXP && len_q[1:0] == 2'b00;
        needs_idle = 1'b1;
        is_mem = 1'b1;
        n_words = 6'((len_q - 8'd4) >> 2);
      end
      vgiw_hl_pkg::HL_CMD_MEM_READ: begin
        len_ok = len_q == 8'd5 && n_rd >= 8'd1 && 32'(n_rd) <= MAXW;
        needs_idle = 1'b1;
        is_mem = 1'b1;
        n_words = 6'(n_rd);
      end
      vgiw_hl_pkg::HL_CMD_REG_WRITE: begin len_ok = len_q == 8'd5; needs_idle = 1'b1; end
      vgiw_hl_pkg::HL_CMD_REG_READ:  len_ok = len_q == 8'd1;
      vgiw_hl_pkg::HL_CMD_START:     begin len_ok = len_q == 8'd4; needs_idle = 1'b1; end
      // u16 index [, u8 n]: n counters from index (the reply carries 8 n bytes)
      vgiw_hl_pkg::HL_CMD_COUNTER:   len_ok = len_q == 8'd2 ||
                                         (len_q == 8'd3 && n_cnt >= 8'd1 && 32'(n_cnt) <= vgiw_hl_pkg::HL_MAX_COUNTERS);
      default: known = 1'b0;
    endcase
    end_addr = 33'(addr) + 33'({n_words, 2'b00});
    addr_ok = addr[1:0] == 2'b00 && end_addr <= 33'(MEM_BYTES);
    if (!known)                 verdict = vgiw_hl_pkg::HL_ST_BAD_CMD;
    else if (!len_ok)           verdict = vgiw_hl_pkg::HL_ST_BAD_LEN;
    else if (needs_idle && busy) verdict = vgiw_hl_pkg::HL_ST_BUSY;
    else if (is_mem && !addr_ok) verdict = vgiw_hl_pkg::HL_ST_BAD_ADDR;
    else                        verdict = vgiw_hl_pkg::HL_ST_OK;
  end

  // ---- reply bytes ------------------------------------------------------------------------------
  logic [7:0] tx_byte;
  logic [8:0] last_k;
  logic [2:0] p;                      // payload byte index, low bits
  assign last_k = 9'd3 + 9'(rlen_q);
  assign p      = 3'(k_q - 9'd3);
  always_comb begin
    if (k_q == 9'd0)        tx_byte = SYNC_RSP;
    else if (k_q == 9'd1)   tx_byte = st_q;
    else if (k_q == 9'd2)   tx_byte = rlen_q;
    else if (k_q == last_k) tx_byte = crc_q;
    else if (rmem_q)        tx_byte = rpay_q[8*p[1:0] +: 8];
    else                    tx_byte = rpay_q[8*p +: 8];
  end
  assign tx_valid_o = state_q == S_TX;
  assign tx_data_o  = tx_byte;

  // ---- register and memory ports ------------------------------------------------------------------
  always_comb begin
    reg_valid_o = 1'b0;
    reg_write_o = 1'b0;
    reg_addr_o  = R_STATUS;
    reg_wdata_o = '0;
    if (state_q == S_CHECK && verdict == vgiw_hl_pkg::HL_ST_OK) begin
      unique case (cmd_q)
        vgiw_hl_pkg::HL_CMD_REG_WRITE: begin
          reg_valid_o = 1'b1; reg_write_o = 1'b1; reg_addr_o = RAB'(hdr_q[7:0]); reg_wdata_o = hdr_q[39:8];
        end
        vgiw_hl_pkg::HL_CMD_REG_READ: begin
          reg_valid_o = 1'b1; reg_addr_o = RAB'(hdr_q[7:0]);
        end
        vgiw_hl_pkg::HL_CMD_START: begin
          reg_valid_o = 1'b1; reg_write_o = 1'b1; reg_addr_o = R_KDESC; reg_wdata_o = hdr_q[31:0];
        end
        vgiw_hl_pkg::HL_CMD_COUNTER: begin
          reg_valid_o = 1'b1; reg_write_o = 1'b1; reg_addr_o = R_CNT_SEL; reg_wdata_o = 32'(hdr_q[15:0]);
        end
        default: ;
      endcase
    end else if (state_q == S_CNT_SEL) begin
      reg_valid_o = 1'b1; reg_write_o = 1'b1; reg_addr_o = R_CNT_SEL; reg_wdata_o = 32'(cidx_q);
    end else if (state_q == S_START2) begin
      reg_valid_o = 1'b1; reg_write_o = 1'b1; reg_addr_o = R_CTRL; reg_wdata_o = 32'd1;
    end else if (state_q == S_CNT_LO) begin
      reg_valid_o = 1'b1; reg_addr_o = R_CNT_LO;
    end else if (state_q == S_CNT_HI) begin
      reg_valid_o = 1'b1; reg_addr_o = R_CNT_HI;
    end
  end

  assign m_req_valid_o = state_q == S_WRITE || state_q == S_FETCH;
  assign m_req_addr_o  = maddr_q;
  assign m_req_write_o = state_q == S_WRITE;
  assign m_req_wdata_o = bufw[wi_q];
  assign status_o      = status_q;

  // ---- payload buffer (LUT RAM: one write, one read port) -------------------------------------------
  logic       buf_we;
  logic [BWB-1:0] buf_wa;
  assign buf_we = state_q == S_PAY && rx_valid_i && 32'(cnt_q) < MAXP && cnt_q[1:0] == 2'd3;
  assign buf_wa = BWB'(cnt_q >> 2);
  always_ff @(posedge clk_i) begin
    if (buf_we) bufw[buf_wa] <= {rx_data_i, asm_q};
  end

  // ---- state machine -----------------------------------------------------------------------------
  logic in_frame;
  assign in_frame = state_q == S_CMD || state_q == S_LEN || state_q == S_PAY || state_q == S_CRC;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q  <= S_IDLE;
      cmd_q    <= '0;
      len_q    <= '0;
      cnt_q    <= '0;
      crc_q    <= '0;
      st_q     <= '0;
      rlen_q   <= '0;
      hdr_q    <= '0;
      asm_q    <= '0;
      wi_q     <= '0;
      nw_q     <= '0;
      maddr_q  <= '0;
      rpay_q   <= '0;
      rmem_q   <= 1'b0;
      rcnt_q   <= 1'b0;
      cidx_q   <= '0;
      have_q   <= 1'b0;
      k_q      <= '0;
      idle_q   <= '0;
      status_q <= '0;
    end else begin
      if (reg_addr_o == R_STATUS) status_q <= reg_rdata_i;
      // a frame that stops arriving: TIMEOUT (docs/fpga.md "Errors")
      if (in_frame && !rx_valid_i) idle_q <= idle_q + 1'b1;
      else idle_q <= '0;
      if (in_frame && !rx_valid_i && 32'(idle_q) >= TIMEOUT_CYCLES - 1) begin
        st_q   <= vgiw_hl_pkg::HL_ST_TIMEOUT;
        rlen_q <= 8'd1;
        rmem_q <= 1'b0;
        rcnt_q <= 1'b0;
        rpay_q <= state_q == S_CMD ? 64'd0 : 64'(cmd_q);
        k_q    <= '0;
        crc_q  <= '0;
        state_q <= S_TX;
      end else begin
        unique case (state_q)
          S_IDLE: if (rx_valid_i && rx_data_i == SYNC_REQ) begin
            state_q <= S_CMD;
            crc_q   <= '0;
          end
          S_CMD: if (rx_valid_i) begin
            cmd_q   <= rx_data_i;
            crc_q   <= crc8(crc_q, rx_data_i);
            state_q <= S_LEN;
          end
          S_LEN: if (rx_valid_i) begin
            len_q   <= rx_data_i;
            crc_q   <= crc8(crc_q, rx_data_i);
            cnt_q   <= '0;
            hdr_q   <= '0;
            state_q <= rx_data_i == 8'd0 ? S_CRC : S_PAY;
          end
          S_PAY: if (rx_valid_i) begin
            crc_q <= crc8(crc_q, rx_data_i);
            if (cnt_q < 8'd5) hdr_q[8*cnt_q[2:0] +: 8] <= rx_data_i;
            asm_q <= {rx_data_i, asm_q[23:8]};
            cnt_q <= cnt_q + 1'b1;
            if (cnt_q + 8'd1 == len_q) state_q <= S_CRC;
          end
          S_CRC: if (rx_valid_i) begin
            state_q <= S_CHECK;
            if (rx_data_i != crc_q) st_q <= vgiw_hl_pkg::HL_ST_BAD_CRC;
            else st_q <= vgiw_hl_pkg::HL_ST_OK;
          end
          S_CHECK: begin
            // a checksum error wins over every other verdict: the fields cannot be trusted
            k_q    <= '0;
            crc_q  <= '0;
            rmem_q <= 1'b0;
            rcnt_q <= 1'b0;
            have_q <= 1'b0;
            cidx_q <= hdr_q[15:0];
            wi_q   <= BWB'(1);
            maddr_q <= addr;
            nw_q   <= n_words;
            if (st_q != vgiw_hl_pkg::HL_ST_OK || verdict != vgiw_hl_pkg::HL_ST_OK) begin
              if (st_q == vgiw_hl_pkg::HL_ST_OK) st_q <= verdict;
              rlen_q  <= 8'd1;
              rpay_q  <= 64'(cmd_q);
              state_q <= S_TX;
            end else begin
              rlen_q <= 8'd0;
              state_q <= S_TX;
              unique case (cmd_q)
                vgiw_hl_pkg::HL_CMD_PING: begin
                  rlen_q <= 8'd8;
                  rpay_q <= {32'(MEM_BYTES), 32'(vgiw_hl_pkg::HL_VERSION)};
                end
                vgiw_hl_pkg::HL_CMD_MEM_WRITE: state_q <= S_WRITE;
                vgiw_hl_pkg::HL_CMD_MEM_READ: begin
                  rlen_q <= 8'({n_words, 2'b00});
                  rmem_q <= 1'b1;
                end
                vgiw_hl_pkg::HL_CMD_REG_READ: begin
                  rlen_q <= 8'd4;
                  rpay_q <= 64'(reg_rdata_i);
                end
                vgiw_hl_pkg::HL_CMD_START: state_q <= S_START2;
                vgiw_hl_pkg::HL_CMD_COUNTER: begin
                  rlen_q  <= 8'({n_cnt[4:0], 3'b000});
                  rcnt_q  <= 1'b1;
                  state_q <= S_CNT_LO;      // CNT_SEL was written in this cycle
                end
                default: ;
              endcase
            end
          end
          S_WRITE: if (m_req_ready_i) begin
            maddr_q <= maddr_q + 32'd4;
            wi_q    <= wi_q + 1'b1;
            nw_q    <= nw_q - 1'b1;
            state_q <= S_WRITE_WAIT;
          end
          S_WRITE_WAIT: if (m_rsp_valid_i) state_q <= nw_q == 0 ? S_TX : S_WRITE;
          S_START2: state_q <= S_TX;
          S_CNT_SEL: state_q <= S_CNT_LO;
          S_CNT_LO: begin rpay_q[31:0] <= reg_rdata_i; state_q <= S_CNT_HI; end
          S_CNT_HI: begin rpay_q[63:32] <= reg_rdata_i; have_q <= 1'b1; state_q <= S_TX; end
          S_TX: begin
            // MEM_READ: fetch the next word before its first byte; COUNTER: the next counter
            if (rmem_q && k_q >= 9'd3 && k_q != last_k && !have_q) begin
              state_q <= S_FETCH;
            end else if (rcnt_q && k_q >= 9'd3 && k_q != last_k && !have_q) begin
              state_q <= S_CNT_SEL;
            end else if (tx_ready_i) begin
              if (k_q != 9'd0 && k_q != last_k) crc_q <= crc8(crc_q, tx_byte);
              if (rmem_q && k_q >= 9'd3 && k_q != last_k && p[1:0] == 2'd3) have_q <= 1'b0;
              if (rcnt_q && k_q >= 9'd3 && k_q != last_k && p == 3'd7) begin
                have_q <= 1'b0;
                cidx_q <= cidx_q + 16'd1;
              end
              k_q <= k_q + 1'b1;
              if (k_q == last_k) state_q <= S_IDLE;
            end
          end
          S_FETCH: if (m_req_ready_i) begin
            maddr_q <= maddr_q + 32'd4;
            state_q <= S_FETCH_WAIT;
          end
          S_FETCH_WAIT: if (m_rsp_valid_i) begin
            rpay_q[31:0] <= m_rsp_rdata_i;
            have_q  <= 1'b1;
            state_q <= S_TX;
          end
          default: state_q <= S_IDLE;
        endcase
      end
    end
  end
endmodule
