// kmu_ulx3s_top - the openkmu board top for the ULX3S (Lattice ECP5 LFE5U-85F-6BG381C): the
// whole machine (fpga/kmu_board_top.v: UART <-> AXI4-Lite bridge, kmu_gpu in the `fpga`
// configuration - kmusim's preset "fpga" (sim/kmusim/workload.c): 8 SMs, 32 EKT entries, 8 KDU
// slots, 8 pending per level, 8 TBs / 16 warp slots / 16384 registers / 32 KiB shared memory
// per SM, EWT 4; the sizes the preset does not name are the small configuration's (GPU_SMALL,
// sim/kmusim/kmusim.mk) - every mechanism - on-chip memories, TB runners) clocked straight from the 25 MHz oscillator, the host link on the
// FT231X USB serial port (115200 baud: kmuctl's default), status on the LEDs.  Build:
// `make fpga BOARD=ulx3s` (mk/fpga.mk, docs/fpga.md; the 8-SM `fpga` configuration does not fit
// the 85F, `make fpga BOARD=ulx3s CONFIG=fit` builds it with 2 SMs, the most that fit).  Pins: ulx3s.lpf (emard/ulx3s
// doc/constraints/ulx3s_v20.lpf, the board's public constraint file).
//   led[0] irq   led[1] busy   led[2] error (sticky)   led[3] heartbeat (about 1 Hz)
//   led[7:4] off
//   btn[0] (BTN_PWRn, active low): reset while pressed; a power-on reset holds the machine
//   for 2^16 cycles after configuration.  wifi_gpio0 is driven high (keeps the ESP32 from
//   resetting the board into its bootloader, the board's documented default).
`default_nettype none

module kmu_ulx3s_top #(
    // the `fpga` configuration (GPU_FPGA of sim/kmusim/kmusim.mk); `make fpga BOARD=ulx3s
    // CONFIG="NSM=2 ..."` overrides any of them (Yosys hierarchy -chparam, docs/fpga.md)
    parameter integer MEM_AW     = 12,     // 16 KiB device memory: flags, contexts (wrapping), copies
    parameter integer HMEM_AW    = 10,     // 4 KiB host memory
    parameter integer AW         = 16,
    parameter integer ENTRIES    = 32,
    parameter integer CNT_W      = 16,
    parameter integer NSM        = 8,
    parameter integer SLOTS      = 8,
    parameter integer PEND       = 8,
    parameter integer TBS        = 8,
    parameter integer WARPS      = 16,
    parameter integer REGS       = 16384,
    parameter integer SHMEM      = 32768,
    parameter integer EWT        = 4,
    parameter integer CT         = 16,
    parameter integer PTBS       = 8,
    parameter integer AREA_BYTES = 32768,
    parameter integer IPB        = 256,
    parameter integer RPW        = 16,
    parameter integer REG_BYTES  = 4,
    parameter integer BEAT_BYTES = 4,
    parameter integer EMA_SH     = 3,
    parameter integer CP_NPRIO   = 4,
    parameter integer CP_QD      = 2,
    parameter integer CP_IDW     = 4,
    parameter integer CP_LENW    = 20,
    parameter integer CP_BUF     = 4
) (
    input  wire       clk_25mhz,
    input  wire       ftdi_txd,    // the FTDI transmits: our receive line
    output wire       ftdi_rxd,    // the FTDI receives: our transmit line
    input  wire [0:0] btn,
    output wire [7:0] led,
    output wire       wifi_gpio0
);
  // power-on and button reset: btn[0] synchronised (two flops), then a counter that releases
  // rst_n 2^16 cycles after the last press (the flops power up as 0 on ECP5)
  reg [ 1:0] btn_q = 2'b00;
  reg [16:0] por_q = 17'd0;
  always @(posedge clk_25mhz) begin
    btn_q <= {btn_q[0], btn[0]};
    if (!btn_q[1]) por_q <= 17'd0;
    else if (!por_q[16]) por_q <= por_q + 17'd1;
  end
  wire rst_n = por_q[16];

  kmu_board_top #(
      .CLK_HZ    (25000000),
      .BAUD      (115200),
      .HB_W      (25),
      .MEM_AW    (MEM_AW),
      .HMEM_AW   (HMEM_AW),
      .AW        (AW),
      .ENTRIES   (ENTRIES),
      .CNT_W     (CNT_W),
      .NSM       (NSM),
      .SLOTS     (SLOTS),
      .PEND      (PEND),
      .TBS       (TBS),
      .WARPS     (WARPS),
      .REGS      (REGS),
      .SHMEM     (SHMEM),
      .EWT       (EWT),
      .CT        (CT),
      .PTBS      (PTBS),
      .AREA_BYTES(AREA_BYTES),
      .IPB       (IPB),
      .RPW       (RPW),
      .REG_BYTES (REG_BYTES),
      .BEAT_BYTES(BEAT_BYTES),
      .EMA_SH    (EMA_SH),
      .CP_NPRIO  (CP_NPRIO),
      .CP_QD     (CP_QD),
      .CP_IDW    (CP_IDW),
      .CP_LENW   (CP_LENW),
      .CP_BUF    (CP_BUF)
  ) u_top (
      .clk_i      (clk_25mhz),
      .rst_ni     (rst_n),
      .rx_i       (ftdi_txd),
      .tx_o       (ftdi_rxd),
      .led_irq_o  (led[0]),
      .led_busy_o (led[1]),
      .led_err_o  (led[2]),
      .led_heart_o(led[3])
  );
  assign led[7:4]   = 4'b0000;
  assign wifi_gpio0 = 1'b1;
endmodule

`default_nettype wire
