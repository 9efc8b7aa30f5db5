// kmu_uart_axil - UART <-> AXI4-Lite master bridge: the host link of the board tops (issue 15,
// items 3-5; protocol: docs/blocks/kmu_uart_axil.md).  Not a paper block: it stands in for the
// PCIe/AXI host interface of EDGE III-A so that kmuctl can reach the register map of a board.
//
// A kmu_uart_rx and a kmu_uart_tx (8N1, DIV = CLK_HZ / BAUD rounded, computed at elaboration)
// carry a framed request/answer protocol; this module is the protocol engine between them and
// an AXI4-Lite master port (kmu_axil_slave's slave ports, 32-bit data, AW-bit addresses).
// Every frame, either way, ends with a checksum byte that makes the 8-bit sum of the frame 0.
//   PING  01 chk                         -> 81 4B VERSION AW chk
//   WRITE 02 A3 A2 A1 A0 D3 D2 D1 D0 S chk -> 82 RESP chk      (one AXI write, strobe S[3:0])
//   READ  03 A3 A2 A1 A0 chk             -> 83 RESP D3 D2 D1 D0 chk  (one AXI read)
//   STATS 04 chk                         -> 84 C1 C2 C3 C4 C5 C6 chk  (the error counters)
//   error                                -> EE CODE chk
// (multi-byte fields big-endian; RESP is BRESP/RRESP: 0 OKAY, 2 SLVERR.)  Error answers, each
// with its own saturating 8-bit counter (cnt_*_o, in STATS in code order):
//   1 BADCMD   the first byte of a frame is no command
//   2 CHECKSUM the frame's sum is not 0 (nothing is executed)
//   3 TIMEOUT  a frame's next byte did not come within TO_BITS bit times of the previous one
//   4 FRAMING  a byte with a stop bit of 0 (a break, a baud mismatch): the frame is dropped
//   5 OVERRUN  a byte arrived while a request was executed or answered; it is dropped, and the
//              error answer follows the current answer (one per dropped byte)
//   6 RANGE    a WRITE/READ address with bits set at or above AW, or a strobe byte above 0x0F:
//              answered without any AXI transaction
// The host sends one request and waits for its answer (kmuctl does); bad input always gets an
// answer, never silence.
//
// AXI master: a WRITE raises AWVALID and WVALID together, each held with its payload until its
// handshake, then BREADY until the response; a READ raises ARVALID until its handshake, then
// RREADY until the response.  One transaction at a time.  Every m_* output is a register or a
// function of registers only (no combinational path from an AXI input to an AXI output), so the
// bridge may face kmu_axil_slave directly.  The bridge waits for the slave's answer as long as
// it takes (kmu_axil_slave always answers).
// Latency: the receiver reports a request's last byte (kmu_uart_rx valid_o, 2 + DIV/2 + 9*DIV + 1
// cycles after the falling edge of its start bit on rx_i) in cycle t -> AWVALID/WVALID or
// ARVALID in t+1; AXI response in cycle u -> first answer byte to the transmitter in u+1, its
// start bit on tx_o from u+2.  A PING, STATS or error answer goes to the transmitter in t+1,
// on tx_o from t+2.  (Checked by the test: start-bit edge e of the last byte -> AXI valid in
// e + 5 + DIV/2 + 9*DIV, a PING / STATS answer on the line in e + 6 + DIV/2 + 9*DIV.)
// C twin: cmodel/fpga/kmu_uart_axil.c (composed of the kmu_uart_rx and kmu_uart_tx twins).
`default_nettype none

module kmu_uart_axil #(
    parameter integer CLK_HZ  = 12000000,  // clock frequency
    parameter integer BAUD    = 1500000,   // line rate: DIV = CLK_HZ / BAUD (rounded) >= 4
    parameter integer AW      = 16,        // AXI address bits (8..32)
    parameter integer TO_BITS = 32,        // inter-byte timeout in bit times (>= 12)
    parameter integer VERSION = 1          // protocol version, answered by PING (0..255)
) (
    input  wire          clk_i,
    input  wire          rst_ni,
    // serial line
    input  wire          rx_i,           // from the host, asynchronous, idle high
    output wire          tx_o,           // to the host, idle high
    // AXI4-Lite master: write address / data / response
    output wire          m_awvalid_o,
    input  wire          m_awready_i,
    output wire [AW-1:0] m_awaddr_o,
    output wire          m_wvalid_o,
    input  wire          m_wready_i,
    output wire [  31:0] m_wdata_o,
    output wire [   3:0] m_wstrb_o,
    input  wire          m_bvalid_i,
    output wire          m_bready_o,
    input  wire [   1:0] m_bresp_i,
    // AXI4-Lite master: read address / data
    output wire          m_arvalid_o,
    input  wire          m_arready_i,
    output wire [AW-1:0] m_araddr_o,
    input  wire          m_rvalid_i,
    output wire          m_rready_o,
    input  wire [  31:0] m_rdata_i,
    input  wire [   1:0] m_rresp_i,
    // error counters (saturating), also answered by STATS
    output wire [   7:0] cnt_badcmd_o,
    output wire [   7:0] cnt_chk_o,
    output wire [   7:0] cnt_timeout_o,
    output wire [   7:0] cnt_frame_o,
    output wire [   7:0] cnt_ovr_o,
    output wire [   7:0] cnt_range_o,
    output wire          busy_o          // a request is being received, executed or answered
);
  localparam integer DIV = (CLK_HZ + BAUD / 2) / BAUD;  // clock cycles per bit
  localparam integer TO_CYC = DIV * TO_BITS;  // inter-byte timeout in cycles (elaboration)
  localparam integer TW = $clog2(TO_CYC + 1);  // timeout counter width
  localparam [31:0] TO_LAST = TO_CYC - 1;  // the timer value at which the frame times out

  // ---- protocol bytes (docs/blocks/kmu_uart_axil.md)
  localparam [7:0] CMD_PING = 8'h01;
  localparam [7:0] CMD_WRITE = 8'h02;
  localparam [7:0] CMD_READ = 8'h03;
  localparam [7:0] CMD_STATS = 8'h04;
  localparam [7:0] ANS_BIT = 8'h80;  // an answer's first byte: the command | 0x80
  localparam [7:0] ANS_ERR = 8'hEE;  // the first byte of an error answer
  localparam [7:0] PING_MAGIC = 8'h4B;  // 'K'
  localparam [7:0] ERR_BADCMD = 8'd1;
  localparam [7:0] ERR_CHECKSUM = 8'd2;
  localparam [7:0] ERR_TIMEOUT = 8'd3;
  localparam [7:0] ERR_FRAMING = 8'd4;
  localparam [7:0] ERR_OVERRUN = 8'd5;
  localparam [7:0] ERR_RANGE = 8'd6;
  // bytes after the command byte, checksum included
  localparam [3:0] LEN_PING = 4'd1;
  localparam [3:0] LEN_WRITE = 4'd10;
  localparam [3:0] LEN_READ = 4'd5;
  localparam [3:0] LEN_STATS = 4'd1;
  // answer payload lengths (bytes before the checksum)
  localparam [3:0] ALEN_PING = 4'd4;
  localparam [3:0] ALEN_WRITE = 4'd2;
  localparam [3:0] ALEN_READ = 4'd6;
  localparam [3:0] ALEN_STATS = 4'd7;
  localparam [3:0] ALEN_ERR = 4'd2;
  // the argument shift register after a complete frame (the checksum byte is not shifted in):
  // WRITE: {A3..A0, D3..D0, S} in arg_q[71:0]; READ: {A3..A0} in arg_q[31:0]
  localparam integer WR_ADDR_LSB = 40;
  localparam integer WR_DATA_LSB = 8;
  localparam integer WR_STRB_LSB = 0;
  localparam integer RD_ADDR_LSB = 0;
  localparam [31:0] VER32 = VERSION;  // PING's version byte: [7:0]
  localparam [31:0] AW32 = AW;  // PING's address-width byte: [7:0]
  localparam [31:0] ADDR_HI = (AW >= 32) ? 32'h0 : (32'hFFFF_FFFF << AW);  // must be 0

  localparam [2:0] S_IDLE = 3'd0;  // waiting for a command byte
  localparam [2:0] S_ARGS = 3'd1;  // receiving the rest of a frame
  localparam [2:0] S_WR = 3'd2;  // AWVALID / WVALID up until their handshakes
  localparam [2:0] S_B = 3'd3;  // BREADY until the write response
  localparam [2:0] S_AR = 3'd4;  // ARVALID up until its handshake
  localparam [2:0] S_R = 3'd5;  // RREADY until the read data
  localparam [2:0] S_ANS = 3'd6;  // sending the answer (payload, then the checksum)

  // ---- the receiver and the transmitter
  wire       rx_valid;  // a byte was received
  wire [7:0] rx_data;
  wire       rx_ferr;  // a byte with a bad stop bit was received
  wire       tx_ready;
  wire       tx_valid;
  wire [7:0] tx_data;

  kmu_uart_rx #(
      .DIV(DIV)
  ) u_rx (
      .clk_i  (clk_i),
      .rst_ni (rst_ni),
      .rx_i   (rx_i),
      .valid_o(rx_valid),
      .data_o (rx_data),
      .ferr_o (rx_ferr)
  );

  kmu_uart_tx #(
      .DIV(DIV)
  ) u_tx (
      .clk_i  (clk_i),
      .rst_ni (rst_ni),
      .valid_i(tx_valid),
      .ready_o(tx_ready),
      .data_i (tx_data),
      .tx_o   (tx_o)
  );

  // ---- state
  reg [2:0] state_q, state_d;
  reg [7:0] cmd_q, cmd_d;  // the command of the frame being received or executed
  reg [3:0] rem_q, rem_d;  // bytes of the frame still to come (checksum included)
  reg [7:0] sum_q, sum_d;  // 8-bit sum of the frame's bytes so far / of the answer so far
  reg [71:0] arg_q, arg_d;  // the frame's argument bytes (no reset: read after a full frame)
  reg [TW-1:0] to_q, to_d;  // cycles since the frame's last byte
  reg aw_q, aw_d;  // AWVALID
  reg w_q, w_d;  // WVALID
  reg ar_q, ar_d;  // ARVALID
  reg [55:0] ans_q, ans_d;  // the answer payload, first byte in [55:48] (no reset)
  reg [3:0] alen_q, alen_d;  // answer payload bytes still to send; 0: the checksum is next
  reg [7:0] novr_q, novr_d;  // dropped (overrun) bytes still owed an error answer (saturating)
  reg [7:0] cnt_badcmd_q, cnt_badcmd_d;
  reg [7:0] cnt_chk_q, cnt_chk_d;
  reg [7:0] cnt_timeout_q, cnt_timeout_d;
  reg [7:0] cnt_frame_q, cnt_frame_d;
  reg [7:0] cnt_ovr_q, cnt_ovr_d;
  reg [7:0] cnt_range_q, cnt_range_d;

  wire rx_any = rx_valid || rx_ferr;
  wire in_frame = (state_q == S_IDLE) || (state_q == S_ARGS);  // bytes are accepted
  wire [7:0] sum_rx = sum_q + rx_data;  // the frame's sum with this byte
  wire [31:0] wr_addr = arg_q[WR_ADDR_LSB+:32];
  wire [31:0] rd_addr = arg_q[RD_ADDR_LSB+:32];
  wire [7:0] wr_strb_byte = arg_q[WR_STRB_LSB+:8];
  // bad WRITE/READ arguments (checked on the frame's last byte, before anything is executed)
  wire wr_range_bad = ((wr_addr & ADDR_HI) != 32'h0) || (wr_strb_byte[7:4] != 4'h0);
  wire rd_range_bad = (rd_addr & ADDR_HI) != 32'h0;
  wire ans_last = (alen_q == 4'd0);  // the checksum byte is on offer
  wire tx_take = tx_valid && tx_ready;

  // saturating increment: +1 unless all ones
  function automatic [7:0] sat_inc(input [7:0] c);
    sat_inc = c + {7'd0, ~&c};
  endfunction

  // an error answer: EE code
  task automatic answer_err(input [7:0] code);
    begin
      state_d = S_ANS;
      ans_d   = {ANS_ERR, code, 40'h0};
      alen_d  = ALEN_ERR;
      sum_d   = 8'h0;
    end
  endtask

  always @(*) begin
    state_d       = state_q;
    cmd_d         = cmd_q;
    rem_d         = rem_q;
    sum_d         = sum_q;
    arg_d         = arg_q;
    to_d          = to_q;
    aw_d          = aw_q;
    w_d           = w_q;
    ar_d          = ar_q;
    ans_d         = ans_q;
    alen_d        = alen_q;
    novr_d        = novr_q;
    cnt_badcmd_d  = cnt_badcmd_q;
    cnt_chk_d     = cnt_chk_q;
    cnt_timeout_d = cnt_timeout_q;
    cnt_frame_d   = cnt_frame_q;
    cnt_ovr_d     = cnt_ovr_q;
    cnt_range_d   = cnt_range_q;

    // a byte while the bridge is busy is dropped and owes an OVERRUN answer
    if (rx_any && !in_frame) begin
      novr_d    = sat_inc(novr_q);
      cnt_ovr_d = sat_inc(cnt_ovr_q);
    end

    case (state_q)
      S_IDLE: begin
        to_d = {TW{1'b0}};
        if (rx_ferr) begin
          cnt_frame_d = sat_inc(cnt_frame_q);
          answer_err(ERR_FRAMING);
        end else if (rx_valid) begin
          cmd_d   = rx_data;
          sum_d   = rx_data;
          state_d = S_ARGS;
          case (rx_data)
            CMD_PING:  rem_d = LEN_PING;
            CMD_WRITE: rem_d = LEN_WRITE;
            CMD_READ:  rem_d = LEN_READ;
            CMD_STATS: rem_d = LEN_STATS;
            default: begin
              cnt_badcmd_d = sat_inc(cnt_badcmd_q);
              answer_err(ERR_BADCMD);
            end
          endcase
        end
      end
      S_ARGS: begin
        to_d = to_q + 1'b1;
        if (rx_ferr) begin
          cnt_frame_d = sat_inc(cnt_frame_q);
          answer_err(ERR_FRAMING);
        end else if (rx_valid) begin
          to_d = {TW{1'b0}};
          if (rem_q != 4'd1) begin
            arg_d = {arg_q[63:0], rx_data};
            sum_d = sum_rx;
            rem_d = rem_q - 1'b1;
          end else if (sum_rx != 8'h0) begin
            cnt_chk_d = sat_inc(cnt_chk_q);
            answer_err(ERR_CHECKSUM);
          end else begin
            // a complete, intact frame: execute it
            sum_d = 8'h0;
            case (cmd_q)
              CMD_WRITE:
              if (wr_range_bad) begin
                cnt_range_d = sat_inc(cnt_range_q);
                answer_err(ERR_RANGE);
              end else begin
                state_d = S_WR;
                aw_d    = 1'b1;
                w_d     = 1'b1;
              end
              CMD_READ:
              if (rd_range_bad) begin
                cnt_range_d = sat_inc(cnt_range_q);
                answer_err(ERR_RANGE);
              end else begin
                state_d = S_AR;
                ar_d    = 1'b1;
              end
              CMD_STATS: begin
                state_d = S_ANS;
                ans_d = {
                  CMD_STATS | ANS_BIT,
                  cnt_badcmd_q,
                  cnt_chk_q,
                  cnt_timeout_q,
                  cnt_frame_q,
                  cnt_ovr_q,
                  cnt_range_q
                };
                alen_d = ALEN_STATS;
              end
              default: begin  // CMD_PING (S_ARGS holds only the four commands)
                state_d = S_ANS;
                ans_d   = {CMD_PING | ANS_BIT, PING_MAGIC, VER32[7:0], AW32[7:0], 24'h0};
                alen_d  = ALEN_PING;
              end
            endcase
          end
        end else if (to_q == TO_LAST[TW-1:0]) begin
          cnt_timeout_d = sat_inc(cnt_timeout_q);
          answer_err(ERR_TIMEOUT);
        end
      end
      S_WR: begin
        if (m_awready_i) aw_d = 1'b0;
        if (m_wready_i) w_d = 1'b0;
        if ((!aw_q || m_awready_i) && (!w_q || m_wready_i)) state_d = S_B;
      end
      S_B:
      if (m_bvalid_i) begin
        state_d = S_ANS;
        ans_d   = {CMD_WRITE | ANS_BIT, 6'd0, m_bresp_i, 40'h0};
        alen_d  = ALEN_WRITE;
      end
      S_AR: if (m_arready_i) begin
        ar_d    = 1'b0;
        state_d = S_R;
      end
      S_R:
      if (m_rvalid_i) begin
        state_d = S_ANS;
        ans_d   = {CMD_READ | ANS_BIT, 6'd0, m_rresp_i, m_rdata_i, 8'h0};
        alen_d  = ALEN_READ;
      end
      S_ANS:
      if (tx_take) begin
        if (!ans_last) begin
          sum_d  = sum_q + ans_q[55:48];
          ans_d  = {ans_q[47:0], 8'h0};
          alen_d = alen_q - 1'b1;
        end else if (novr_d != 8'd0) begin
          // the answer is out: the dropped bytes get their OVERRUN answers, one each
          novr_d = novr_d - 1'b1;
          answer_err(ERR_OVERRUN);
        end else begin
          state_d = S_IDLE;
        end
      end
      default: state_d = S_IDLE;
    endcase
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q       <= S_IDLE;
      cmd_q         <= 8'h0;
      rem_q         <= 4'd0;
      sum_q         <= 8'h0;
      to_q          <= {TW{1'b0}};
      aw_q          <= 1'b0;
      w_q           <= 1'b0;
      ar_q          <= 1'b0;
      alen_q        <= 4'd0;
      novr_q        <= 8'd0;
      cnt_badcmd_q  <= 8'd0;
      cnt_chk_q     <= 8'd0;
      cnt_timeout_q <= 8'd0;
      cnt_frame_q   <= 8'd0;
      cnt_ovr_q     <= 8'd0;
      cnt_range_q   <= 8'd0;
    end else begin
      state_q       <= state_d;
      cmd_q         <= cmd_d;
      rem_q         <= rem_d;
      sum_q         <= sum_d;
      to_q          <= to_d;
      aw_q          <= aw_d;
      w_q           <= w_d;
      ar_q          <= ar_d;
      alen_q        <= alen_d;
      novr_q        <= novr_d;
      cnt_badcmd_q  <= cnt_badcmd_d;
      cnt_chk_q     <= cnt_chk_d;
      cnt_timeout_q <= cnt_timeout_d;
      cnt_frame_q   <= cnt_frame_d;
      cnt_ovr_q     <= cnt_ovr_d;
      cnt_range_q   <= cnt_range_d;
    end
  end

  // data registers without reset: each is written before it is read
  always @(posedge clk_i) begin
    arg_q <= arg_d;
    ans_q <= ans_d;
  end

  assign tx_valid      = (state_q == S_ANS);
  assign tx_data       = ans_last ? (8'h0 - sum_q) : ans_q[55:48];
  assign m_awvalid_o   = aw_q;
  assign m_awaddr_o    = wr_addr[AW-1:0];
  assign m_wvalid_o    = w_q;
  assign m_wdata_o     = arg_q[WR_DATA_LSB+:32];
  assign m_wstrb_o     = wr_strb_byte[3:0];
  assign m_bready_o    = (state_q == S_B);
  assign m_arvalid_o   = ar_q;
  assign m_araddr_o    = rd_addr[AW-1:0];
  assign m_rready_o    = (state_q == S_R);
  assign cnt_badcmd_o  = cnt_badcmd_q;
  assign cnt_chk_o     = cnt_chk_q;
  assign cnt_timeout_o = cnt_timeout_q;
  assign cnt_frame_o   = cnt_frame_q;
  assign cnt_ovr_o     = cnt_ovr_q;
  assign cnt_range_o   = cnt_range_q;
  assign busy_o        = (state_q != S_IDLE);

`ifdef KMU_ASSERT
  // Assertions in simulation only (KMU_ASSERT); rst_ni only masks them in reset.  AXI: a valid
  // is held with its payload until its handshake; only one kind of transaction at a time.
  reg aw_stall_q, ar_stall_q;
  reg [AW-1:0] awaddr_p_q, araddr_p_q;
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) begin
    aw_stall_q <= m_awvalid_o && !m_awready_i;
    ar_stall_q <= m_arvalid_o && !m_arready_i;
    awaddr_p_q <= m_awaddr_o;
    araddr_p_q <= m_araddr_o;
    if (rst_ni) begin
      if ((aw_stall_q && (!m_awvalid_o || m_awaddr_o != awaddr_p_q)) ||
          (ar_stall_q && (!m_arvalid_o || m_araddr_o != araddr_p_q))) begin
        $display("ASSERTION kmu_uart_axil %m t=%0t: AXI valid or address dropped before ready",
                 $time);
        $stop;
      end
      if ((m_awvalid_o || m_wvalid_o) && m_arvalid_o) begin
        $display("ASSERTION kmu_uart_axil %m t=%0t: a write and a read at once", $time);
        $stop;
      end
      if (state_q > S_ANS) begin
        $display("ASSERTION kmu_uart_axil %m t=%0t: illegal state %0d", $time, state_q);
        $stop;
      end
    end
  end
  /* verilator lint_on SYNCASYNCNET */
  initial begin
    if (DIV < 4 || AW < 8 || AW > 32 || TO_BITS < 12 || VERSION > 255) begin
      $display("kmu_uart_axil: parameters out of range (DIV %0d, AW %0d, TO_BITS %0d)", DIV, AW,
               TO_BITS);
      $finish;
    end
  end
`endif
endmodule

`default_nettype wire
