// EHXPLLL - a lint and simulation stand-in for the Lattice ECP5 PLL primitive that
// fpga/boards/ulx3s/kmu_ulx3s_top.v instantiates for its core clock.  Synthesis never reads this
// file: Yosys and nextpnr-ecp5 take the real cell (Yosys's ECP5 library, +/ecp5/cells_bb.v;
// scripts/fpga.sh).  make lint (scripts/lint.sh) adds fpga/boards/<board>/cells/*.v to its board
// top's checks so that Verilator, Icarus and Yosys can elaborate the top without the vendor
// library.  Only the ports and parameters the board top uses are declared (the real cell has
// more; a port left out here is left unconnected there).  Behaviour: CLKOP and CLKOS follow
// CLKI and LOCK is 1 - the frequencies (kmu_ulx3s_top's header) and the lock time are NOT
// modelled; `make fpga-sim` simulates kmu_board_top, below the PLL.  Not a paper block.
`default_nettype none

module EHXPLLL #(
    // the real cell's settings: not modelled (header), so unused here
    /* verilator lint_off UNUSEDPARAM */
    parameter integer CLKI_DIV        = 1,
    parameter integer CLKFB_DIV       = 1,
    parameter integer CLKOP_DIV       = 8,
    parameter integer CLKOP_CPHASE    = 0,
    parameter integer CLKOP_FPHASE    = 0,
    parameter integer CLKOS_DIV       = 8,
    parameter integer CLKOS_CPHASE    = 0,
    parameter integer CLKOS_FPHASE    = 0,
    parameter         CLKOS_ENABLE    = "DISABLED",
    parameter         CLKOP_ENABLE    = "ENABLED",
    parameter         FEEDBK_PATH     = "CLKOP",
    parameter         OUTDIVIDER_MUXA = "DIVA",
    parameter         OUTDIVIDER_MUXB = "DIVB",
    parameter         OUTDIVIDER_MUXC = "DIVC",
    parameter         OUTDIVIDER_MUXD = "DIVD",
    parameter         STDBY_ENABLE    = "DISABLED",
    parameter         DPHASE_SOURCE   = "DISABLED",
    parameter         PLLRST_ENA      = "DISABLED",
    parameter         INTFB_WAKE      = "DISABLED"
    /* verilator lint_on UNUSEDPARAM */
) (
    input  wire CLKI,
    input  wire CLKFB,
    input  wire PHASESEL1,
    input  wire PHASESEL0,
    input  wire PHASEDIR,
    input  wire PHASESTEP,
    input  wire PHASELOADREG,
    input  wire STDBY,
    input  wire PLLWAKESYNC,
    input  wire RST,
    input  wire ENCLKOP,
    input  wire ENCLKOS,
    output wire CLKOP,
    output wire CLKOS,
    output wire LOCK
);
  assign CLKOP = CLKI;
  assign CLKOS = CLKI;
  assign LOCK  = 1'b1;

  wire unused = &{1'b0, CLKFB, PHASESEL1, PHASESEL0, PHASEDIR, PHASESTEP, PHASELOADREG, STDBY,
                  PLLWAKESYNC, RST, ENCLKOP, ENCLKOS};
endmodule

`default_nettype wire
