// kmu_ulx3s_top - the openkmu board top for the ULX3S (Lattice ECP5 LFE5U-85F-6BG381C): the
// whole machine (fpga/kmu_board_top.v: UART <-> AXI4-Lite bridge, kmu_gpu in the `fpga`
// configuration - kmusim's preset "fpga" (sim/kmusim/workload.c): 8 SMs, 32 EKT entries, 8 KDU
// slots, 8 pending per level, SMs of the small configuration's size (4 TBs / 8 warp slots /
// 4096 registers / 16 KiB shared memory, EWT 4); the sizes the preset does not name are the
// small configuration's too (GPU_SMALL,
// sim/kmusim/kmusim.mk) - every mechanism - on-chip memories, TB runners), the host link on the
// FT231X USB serial port (115200 baud: kmuctl's default), status on the LEDs.  Build:
// `make fpga BOARD=ulx3s` (mk/fpga.mk, docs/fpga.md: the 8-SM `fpga` configuration routes at
// 86 % of the 85F's slice LUTs, 16.28 MHz post-route against the 6.25 MHz core clock;
// `CONFIG=fit` builds it with 6 SMs, `CONFIG=1sm` with one).  Pins: ulx3s.lpf (emard/ulx3s
// doc/constraints/ulx3s_v20.lpf, the board's public constraint file).
//   Clock: the core clock is the 25 MHz oscillator through an ECP5 EHXPLLL: CLKOP (VCO /
//   PLL_VCO, 25 MHz) is only the feedback, the core runs on CLKOS, CORE_HZ = 25 MHz * PLL_FB /
//   PLL_IN * PLL_VCO / PLL_OUT: 6.25 MHz by default, because the placed 2-SM build estimates
//   10.77 MHz (docs/fpga.md, "Measured"), far below 25 MHz.  The divisors are ecppll's
//   (`ecppll -i 25 -o 6.25 --highres`): PFD 25 MHz, VCO 600 MHz, within the ECP5's ranges
//   (PFD 10..400, VCO 400..800, output 3.125..400 MHz; scripts/fpga_area.py checks them
//   before nextpnr).  A plain CLKOP output (CLKI_DIV 4, CLKOP_DIV 96) would put the PFD at
//   6.25 MHz, below its 10 MHz.  The UART bridge's bit divisor follows CORE_HZ
//   (kmu_uart_axil computes it at elaboration), so the line stays at 115200 baud (54 cycles
//   per bit at 6.25 MHz, 0.5 % fast).  PLL = 0 clocks the machine from the oscillator
//   directly (CORE_HZ 25 MHz, the earlier top).  nextpnr derives the core clock's constraint
//   from the PLL and ulx3s.lpf's 25 MHz FREQUENCY; scripts/fpga.sh also passes it as --freq.
//   cells/EHXPLLL.v is a lint stand-in for the primitive (make lint), never synthesised.
//   Reset: the synchronised reset goes to every flip-flop on a global net through a DCCA
//   (below; cells/DCCA.v the lint stand-in).
//   led[0] irq   led[1] busy   led[2] error (sticky)   led[3] heartbeat (about 1 Hz)
//   led[7:4] off
//   btn[0] (BTN_PWRn, active low): reset while pressed; reset is held while the PLL is not
//   locked, then for 2^16 core cycles after lock and release (about 10 ms at 6.25 MHz); the
//   button and the lock are synchronised into the core clock (two flops each).  wifi_gpio0 is
//   driven high (keeps the ESP32 from resetting the board into its bootloader, the board's
//   documented default).
`default_nettype none

module kmu_ulx3s_top #(
    // the core clock (header): EHXPLLL CLKI_DIV / CLKFB_DIV / CLKOP_DIV / CLKOS_DIV; PLL = 0:
    // no PLL, the 25 MHz oscillator
    parameter integer PLL        = 1,      // 1: core clock from the EHXPLLL, 0: the oscillator
    parameter integer PLL_IN     = 1,      // CLKI_DIV: PFD = 25 MHz / PLL_IN (10..400 MHz)
    parameter integer PLL_FB     = 1,      // CLKFB_DIV: CLKOP = PFD * PLL_FB (the feedback)
    parameter integer PLL_VCO    = 24,     // CLKOP_DIV: VCO = CLKOP * PLL_VCO (400..800 MHz)
    parameter integer PLL_OUT    = 96,     // CLKOS_DIV: core clock = VCO / PLL_OUT (6.25 MHz)
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
    parameter integer TBS        = 4,
    parameter integer WARPS      = 8,
    parameter integer REGS       = 4096,
    parameter integer SHMEM      = 16384,
    parameter integer EWT        = 4,
    parameter integer CT         = 16,
    parameter integer PTBS       = 4,
    parameter integer AREA_BYTES = 32768,
    parameter integer IPB        = 256,
    parameter integer RPW        = 16,
    parameter integer REG_BYTES  = 4,
    parameter integer BEAT_BYTES = 4,
    parameter integer EMA_SH     = 3,
    // the predictor's times and counts in 16 bits (issue 15, pepboard: -616 ECP5 LUT sites per
    // SM; a TB living 65,536 cycles or more aliases, docs/blocks/kmu_pep_predictor.md)
    parameter integer PEP_TW     = 16,
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
  // 25 MHz / PLL_IN * PLL_FB * PLL_VCO is the VCO (<= 800 MHz: no 32-bit overflow)
  localparam integer CORE_HZ = (PLL != 0) ? 25000000 / PLL_IN * PLL_FB * PLL_VCO / PLL_OUT
                                          : 25000000;

  // ---------------------------------------------------------------- core clock
  wire clk, locked;
  generate
    if (PLL != 0) begin : g_pll
      // feedback from CLKOP: CLKOP = 25 MHz * CLKFB_DIV / CLKI_DIV, VCO = CLKOP * CLKOP_DIV,
      // CLKOS = VCO / CLKOS_DIV; the phases are ecppll's (--highres)
      wire fb;
      EHXPLLL #(
          .PLLRST_ENA     ("DISABLED"),
          .INTFB_WAKE     ("DISABLED"),
          .STDBY_ENABLE   ("DISABLED"),
          .DPHASE_SOURCE  ("DISABLED"),
          .OUTDIVIDER_MUXA("DIVA"),
          .OUTDIVIDER_MUXB("DIVB"),
          .OUTDIVIDER_MUXC("DIVC"),
          .OUTDIVIDER_MUXD("DIVD"),
          .CLKI_DIV       (PLL_IN),
          .CLKOP_ENABLE   ("ENABLED"),
          .CLKOP_DIV      (PLL_VCO),
          .CLKOP_CPHASE   (9),
          .CLKOP_FPHASE   (0),
          .CLKOS_ENABLE   ("ENABLED"),
          .CLKOS_DIV      (PLL_OUT),
          .CLKOS_CPHASE   (0),
          .CLKOS_FPHASE   (0),
          .FEEDBK_PATH    ("CLKOP"),
          .CLKFB_DIV      (PLL_FB)
      ) u_pll (
          .RST         (1'b0),
          .STDBY       (1'b0),
          .CLKI        (clk_25mhz),
          .CLKOP       (fb),
          .CLKFB       (fb),
          .CLKOS       (clk),
          .PHASESEL0   (1'b0),
          .PHASESEL1   (1'b0),
          .PHASEDIR    (1'b1),
          .PHASESTEP   (1'b1),
          .PHASELOADREG(1'b1),
          .PLLWAKESYNC (1'b0),
          .ENCLKOP     (1'b0),
          .ENCLKOS     (1'b0),
          .LOCK        (locked)
      );
    end else begin : g_nopll
      assign clk    = clk_25mhz;
      assign locked = 1'b1;
    end
  endgenerate

  // power-on, lock and button reset: btn[0] and the PLL's lock synchronised (two flops each:
  // LOCK is asynchronous to the core clock), then a counter that releases rst_n 2^16 core
  // cycles after the last press or loss of lock (the flops power up as 0 on ECP5)
  reg [ 1:0] btn_q = 2'b00;
  reg [ 1:0] lock_q = 2'b00;
  reg [16:0] por_q = 17'd0;
  always @(posedge clk) begin
    btn_q  <= {btn_q[0], btn[0]};
    lock_q <= {lock_q[0], locked};
    if (!btn_q[1] || !lock_q[1]) por_q <= 17'd0;
    else if (!por_q[16]) por_q <= por_q + 17'd1;
  end
  // The core reset on a global clock net: the synchronised reset, active high, through a DCCA
  // (a global buffer) onto the primary clock network, which reaches every slice's LSR.  About
  // 15,400 flip-flops (the RTL's asynchronous resets) take it: on the fabric that one net,
  // through a LUT inverter per kept module, was the largest after the clock, and the 8-SM build
  // did not route (docs/fpga.md "The reset on a global").  rst_n is its complement: the
  // flip-flops' reset pins are active high (Yosys's ECP5 flip-flops: LSR), so each sees
  // ~rst_n = rst_g, and scripts/fpga.sh folds the two inversions after flattening (each kmu_sm
  // is mapped once, kept apart, then flattened with its inverter merged into this one), so the
  // LSR pins are driven by the DCCA itself.  The assertion and the release are both from the
  // core clock's por_q flop: the release reaches every flip-flop within the global's skew
  // (nanoseconds) of a 160 ns cycle, as the clock does.
  wire rst_g;
  DCCA u_rst_buf (
      .CLKI(~por_q[16]),
      .CE  (1'b1),
      .CLKO(rst_g)
  );
  wire rst_n = ~rst_g;

  kmu_board_top #(
      .CLK_HZ    (CORE_HZ),
      .BAUD      (115200),
      .HB_W      ($clog2(CORE_HZ)),
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
      .PEP_TW    (PEP_TW),
      .CP_NPRIO  (CP_NPRIO),
      .CP_QD     (CP_QD),
      .CP_IDW    (CP_IDW),
      .CP_LENW   (CP_LENW),
      .CP_BUF    (CP_BUF)
  ) u_top (
      .clk_i      (clk),
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
