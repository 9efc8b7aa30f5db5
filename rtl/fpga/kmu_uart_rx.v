// kmu_uart_rx - UART receiver, 8N1 (one start bit, eight data bits LSB first, one stop bit), for
// the host link of the board tops (kmu_uart_axil; issue 15, item 3).  Not a paper block.
//
// The serial input rx_i is asynchronous to clk_i: it passes a 2-flop synchroniser (sync_q,
// reset to the idle level 1) before any logic sees it.  The receiver oversamples at the clock
// rate: DIV clock cycles per bit (the divisor, a parameter computed by the instantiating block
// from its clock and baud rate at elaboration: no divider in logic).  A low synchronised line
// in IDLE starts a byte; DIV/2 cycles later, in the middle of the start bit, the majority of
// the last three synchronised samples (hist_q and the current one) must still be 0, else it
// was a glitch and the receiver goes back to IDLE without a word.  Each data bit and the stop
// bit are then taken as the same three-sample majority every DIV cycles, so one noisy sample
// near the middle of a bit is outvoted.
// A stop bit of 0 is a framing error (ferr_o, the byte is dropped); the receiver then waits in
// WAIT_HIGH for the line to return to 1, so a break (line held low for many bit times) is one
// framing error, not one per ten bit times.
//
// Latency: valid_o / ferr_o are registers, high for one cycle, 2 (synchroniser) + DIV/2 + 9*DIV
// + 1 cycles after the falling edge of the start bit on rx_i: in the middle of the stop bit.
// Contract: valid_o and ferr_o are never high together; data_o is meaningful only with valid_o.
// C twin: cmodel/fpga/kmu_uart_rx.c (same state names).
`default_nettype none

module kmu_uart_rx #(
    parameter integer DIV = 8  // clock cycles per bit (>= 4: the three-sample majority)
) (
    input  wire       clk_i,
    input  wire       rst_ni,
    input  wire       rx_i,     // serial input, asynchronous, idle high
    output wire       valid_o,  // pulse: a byte with a good stop bit was received
    output wire [7:0] data_o,   // the byte (with valid_o)
    output wire       ferr_o    // pulse: framing error (stop bit 0), the byte is dropped
);
  localparam integer CW = (DIV > 1) ? $clog2(DIV) : 1;  // bit-time counter width
  localparam [31:0] CNT_BIT = DIV - 1;  // counter load: one bit time
  localparam [31:0] CNT_HALF = DIV / 2;  // counter load: to the middle of the start bit

  localparam [2:0] S_IDLE = 3'd0;  // line idle, waiting for a start bit
  localparam [2:0] S_START = 3'd1;  // start edge seen: check the middle of the start bit
  localparam [2:0] S_DATA = 3'd2;  // sampling the eight data bits
  localparam [2:0] S_STOP = 3'd3;  // sampling the stop bit
  localparam [2:0] S_WAIT_HIGH = 3'd4;  // after a framing error: wait for the line to be idle

  reg [1:0] sync_q;  // the synchroniser: sync_q[1] is the synchronised line
  reg [1:0] hist_q;  // the two synchronised samples before the current one
  reg [2:0] state_q, state_d;
  reg [CW-1:0] cnt_q, cnt_d;  // cycles left to the next sample point
  reg [2:0] bit_q, bit_d;  // data bit being sampled
  reg [7:0] shift_q, shift_d;  // data bits, LSB first (no reset: read only with valid_q)
  reg valid_q, valid_d;
  reg ferr_q, ferr_d;

  wire line = sync_q[1];
  // majority of the three latest synchronised samples
  wire maj = (hist_q[1] & hist_q[0]) | (hist_q[1] & line) | (hist_q[0] & line);
  wire at_sample = (cnt_q == {CW{1'b0}});

  always @(*) begin
    state_d = state_q;
    cnt_d   = at_sample ? cnt_q : cnt_q - 1'b1;
    bit_d   = bit_q;
    shift_d = shift_q;
    valid_d = 1'b0;
    ferr_d  = 1'b0;
    case (state_q)
      S_IDLE:
      if (!line) begin
        state_d = S_START;
        cnt_d   = CNT_HALF[CW-1:0];
      end
      S_START:
      if (at_sample) begin
        if (maj) begin
          state_d = S_IDLE;  // a glitch, not a start bit
        end else begin
          state_d = S_DATA;
          cnt_d   = CNT_BIT[CW-1:0];
          bit_d   = 3'd0;
        end
      end
      S_DATA:
      if (at_sample) begin
        shift_d = {maj, shift_q[7:1]};
        cnt_d   = CNT_BIT[CW-1:0];
        bit_d   = bit_q + 1'b1;
        if (bit_q == 3'd7) state_d = S_STOP;
      end
      S_STOP:
      if (at_sample) begin
        if (maj) begin
          valid_d = 1'b1;
          state_d = S_IDLE;
        end else begin
          ferr_d  = 1'b1;
          state_d = S_WAIT_HIGH;
        end
      end
      S_WAIT_HIGH: if (line) state_d = S_IDLE;
      default: state_d = S_IDLE;
    endcase
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sync_q  <= 2'b11;
      hist_q  <= 2'b11;
      state_q <= S_IDLE;
      cnt_q   <= {CW{1'b0}};
      bit_q   <= 3'd0;
      valid_q <= 1'b0;
      ferr_q  <= 1'b0;
    end else begin
      sync_q  <= {sync_q[0], rx_i};
      hist_q  <= {hist_q[0], line};
      state_q <= state_d;
      cnt_q   <= cnt_d;
      bit_q   <= bit_d;
      valid_q <= valid_d;
      ferr_q  <= ferr_d;
    end
  end

  always @(posedge clk_i) shift_q <= shift_d;

  assign valid_o = valid_q;
  assign data_o  = shift_q;
  assign ferr_o  = ferr_q;

`ifdef KMU_ASSERT
  // Assertions in simulation only (KMU_ASSERT); rst_ni only masks them in reset.
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) begin
    if (rst_ni) begin
      if (valid_q && ferr_q) begin
        $display("ASSERTION kmu_uart_rx %m t=%0t: valid and framing error together", $time);
        $stop;
      end
      if (state_q > S_WAIT_HIGH) begin
        $display("ASSERTION kmu_uart_rx %m t=%0t: illegal state %0d", $time, state_q);
        $stop;
      end
    end
  end
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule

`default_nettype wire
