// kmu_uart_tx - UART transmitter, 8N1 (start bit 0, eight data bits LSB first, stop bit 1), for
// the host link of the board tops (kmu_uart_axil; issue 15, item 3).  Not a paper block.
//
// DIV clock cycles per bit (the divisor, computed by the instantiating block at elaboration: no
// divider in logic).  A byte is taken with valid_i && ready_o; ready_o is low from the next
// cycle until the stop bit has been on the line for DIV cycles.  The line tx_o is a register
// (reset to the idle level 1), so it never glitches.
//
// Latency: byte taken in cycle t -> start bit on tx_o from t+1; the frame lasts 10*DIV cycles
// (t+1 .. t+10*DIV); ready_o is high again in cycle t+10*DIV+1 (so back-to-back bytes follow
// each other with no idle bit).
// Contract: ready_o depends only on state; data_i is sampled only in the handshake cycle.
// C twin: cmodel/fpga/kmu_uart_tx.c (same state names).
`default_nettype none

module kmu_uart_tx #(
    parameter integer DIV = 8  // clock cycles per bit (>= 2)
) (
    input  wire       clk_i,
    input  wire       rst_ni,
    input  wire       valid_i,  // a byte is offered
    output wire       ready_o,  // the transmitter is idle and takes it
    input  wire [7:0] data_i,   // the byte (in the handshake cycle)
    output wire       tx_o      // serial output, idle high
);
  localparam integer CW = (DIV > 1) ? $clog2(DIV) : 1;  // bit-time counter width
  localparam [31:0] CNT_BIT = DIV - 1;  // counter load: one bit time
  localparam [3:0] BITS_AFTER_START = 4'd9;  // eight data bits and the stop bit

  reg          busy_q, busy_d;  // a frame is on the line
  reg [   8:0] shift_q, shift_d;  // {stop, data}: bit 0 goes out next (no reset: read when busy)
  reg [CW-1:0] cnt_q, cnt_d;  // cycles left in the current bit
  reg [   3:0] bit_q, bit_d;  // bits still to send after the current one
  reg          tx_q, tx_d;

  always @(*) begin
    busy_d  = busy_q;
    shift_d = shift_q;
    cnt_d   = cnt_q;
    bit_d   = bit_q;
    tx_d    = tx_q;
    if (!busy_q) begin
      if (valid_i) begin
        busy_d  = 1'b1;
        tx_d    = 1'b0;  // start bit
        shift_d = {1'b1, data_i};
        cnt_d   = CNT_BIT[CW-1:0];
        bit_d   = BITS_AFTER_START;
      end
    end else if (cnt_q != {CW{1'b0}}) begin
      cnt_d = cnt_q - 1'b1;
    end else if (bit_q == 4'd0) begin
      busy_d = 1'b0;  // the stop bit has lasted a bit time; the line stays high
    end else begin
      tx_d    = shift_q[0];
      shift_d = {1'b1, shift_q[8:1]};
      cnt_d   = CNT_BIT[CW-1:0];
      bit_d   = bit_q - 1'b1;
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q <= 1'b0;
      cnt_q  <= {CW{1'b0}};
      bit_q  <= 4'd0;
      tx_q   <= 1'b1;
    end else begin
      busy_q <= busy_d;
      cnt_q  <= cnt_d;
      bit_q  <= bit_d;
      tx_q   <= tx_d;
    end
  end

  always @(posedge clk_i) shift_q <= shift_d;

  assign ready_o = !busy_q;
  assign tx_o    = tx_q;

`ifdef KMU_ASSERT
  // Assertions in simulation only (KMU_ASSERT); rst_ni only masks them in reset.
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) begin
    if (rst_ni) begin
      if (!busy_q && !tx_q) begin
        $display("ASSERTION kmu_uart_tx %m t=%0t: line low while idle", $time);
        $stop;
      end
      if (busy_q && bit_q > BITS_AFTER_START) begin
        $display("ASSERTION kmu_uart_tx %m t=%0t: bit count %0d out of range", $time, bit_q);
        $stop;
      end
    end
  end
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule

`default_nettype wire
