// kmu_icebreaker_top - the openkmu board top for the iCEBreaker (Lattice iCE40 UP5K-SG48),
// clocked straight from the 12 MHz oscillator, the host link on the FTDI's second channel
// (115200 baud), status on the LEDs.  Two machines (docs/fpga.md says what was tried and what
// fits):
//   GPU = 0 (default): the EDGE front end, fpga/kmu_board_fe_top.v (kmu_uart_axil ->
//           kmu_frontend -> kmu_fe_sink, the kernel stand-in), ENTRIES EKT entries and CNT_W-bit
//           counters: the largest front end measured to fit and place (docs/fpga.md, "Measured");
//   GPU = 1: the whole machine of fpga/kmu_board_top.v in the smallest configuration kmu_gpu
//           elaborates with every mechanism (1 SM, 2 resident TBs, 2 warp slots, 2 EKT entries,
//           2 KDU slots; ENTRIES and CNT_W do not apply): about four UP5Ks, it does not fit
//           (`make fpga BOARD=icebreaker CONFIG=gpu` keeps that measurement reproducible).
// Build: `make fpga BOARD=icebreaker [CONFIG=gpu]` (mk/fpga.mk).  Pins: icebreaker.pcf
// (YosysHQ/icestorm examples/icebreaker/icebreaker.pcf, the board's public pin file).
//   LED1 irq   LED2 busy   LED3 error (sticky)   LED4 heartbeat   (PMOD 2 board)
//   LED5: GPU = 0 the front-end board's descriptor parity (kmu_board_fe_top's keep-alive), off
//   with GPU = 1
//   LEDR_N error, LEDG_N heartbeat (on the main board, active low)
//   BTN_N (active low): reset while pressed; a power-on reset holds the machine for 2^16
//   cycles after configuration.
`default_nettype none

module kmu_icebreaker_top #(
    parameter integer GPU     = 0,   // 0: the front-end board, 1: kmu_gpu (does not fit)
    // GPU = 0: the front end at kmu_frontend's own defaults: since kmu_csr's mirror RAM (csrram)
    // and -dffe_min_ce_use 8 (scripts/fpga.sh) they place and route in 4,600 of the UP5K's
    // 5,280 cells (87 %, 13.88 MHz on a clean clone of f3ff2e9; docs/fpga.md "2026-11-28");
    // larger was not measured
    parameter integer ENTRIES = 8,   // GPU = 0: EKT entries
    parameter integer CNT_W   = 16,  // GPU = 0: counter bits
    parameter integer DB_PEND_W = 8, // GPU = 0: doorbells an EKT entry can hold waiting, 2^W - 1
    parameter integer RUN_W   = 16   // GPU = 0: the kernel stand-in's cycle-count bits
) (
    input  wire CLK,
    input  wire RX,
    output wire TX,
    input  wire BTN_N,
    output wire LEDR_N,
    output wire LEDG_N,
    output wire LED1,
    output wire LED2,
    output wire LED3,
    output wire LED4,
    output wire LED5
);
  // power-on and button reset (iCE40 flops power up as 0)
  reg [ 1:0] btn_q = 2'b00;
  reg [16:0] por_q = 17'd0;
  always @(posedge CLK) begin
    btn_q <= {btn_q[0], BTN_N};
    if (!btn_q[1]) por_q <= 17'd0;
    else if (!por_q[16]) por_q <= por_q + 17'd1;
  end
  wire rst_n = por_q[16];
  wire irq, busy, err, heart, par;
  generate
    if (GPU != 0) begin : g_gpu
      kmu_board_top #(
          .CLK_HZ    (12000000),
          .BAUD      (115200),
          .HB_W      (24),
          .MEM_AW    (9),      // 2 KiB device memory
          .HMEM_AW   (7),      // 512 B host memory
          .RUN_W     (10),
          .AW        (16),
          .ENTRIES   (2),
          .CNT_W     (8),
          .NSM       (1),
          .SLOTS     (2),
          .PEND      (2),
          .TBS       (2),
          .WARPS     (2),
          .REGS      (256),
          .SHMEM     (1024),
          .EWT       (2),
          .CT        (4),
          .PTBS      (2),
          .AREA_BYTES(4096),
          .IPB       (0),
          .RPW       (4),
          .REG_BYTES (4),
          .BEAT_BYTES(4),
          .EMA_SH    (3),
          .CP_NPRIO  (2),
          .CP_QD     (2),
          .CP_IDW    (2),
          .CP_LENW   (10),
          .CP_BUF    (2)
      ) u_top (
          .clk_i      (CLK),
          .rst_ni     (rst_n),
          .rx_i       (RX),
          .tx_o       (TX),
          .led_irq_o  (irq),
          .led_busy_o (busy),
          .led_err_o  (err),
          .led_heart_o(heart)
      );
      assign par = 1'b0;
    end else begin : g_fe
      kmu_board_fe_top #(
          .CLK_HZ (12000000),
          .BAUD   (115200),
          .HB_W   (24),
          .RUN_W  (RUN_W),
          .AW     (16),
          .ENTRIES(ENTRIES),
          .CNT_W  (CNT_W),
          .NSM    (1),
          .DB_PEND_W(DB_PEND_W)
      ) u_top (
          .clk_i      (CLK),
          .rst_ni     (rst_n),
          .rx_i       (RX),
          .tx_o       (TX),
          .led_irq_o  (irq),
          .led_busy_o (busy),
          .led_err_o  (err),
          .led_heart_o(heart),
          .led_par_o  (par)
      );
    end
  endgenerate
  assign LED1   = irq;
  assign LED2   = busy;
  assign LED3   = err;
  assign LED4   = heart;
  assign LED5   = par;
  assign LEDR_N = !err;
  assign LEDG_N = !heart;
endmodule

`default_nettype wire
