// DCCA - a lint and simulation stand-in for the Lattice ECP5 global clock buffer that
// fpga/boards/ulx3s/kmu_ulx3s_top.v puts its core reset through (onto the primary clock network,
// which reaches every slice's LSR).  Synthesis never reads this file: Yosys and nextpnr-ecp5
// take the real cell (+/ecp5/cells_bb.v; scripts/fpga.sh).  make lint (scripts/lint.sh) adds
// fpga/boards/<board>/cells/*.v to its board top's checks so that Verilator, Icarus and Yosys
// can elaborate the top without the vendor library.  Behaviour: CLKO is CLKI while CE is high
// (the real cell's clock enable gates its output low); the global's delay is not modelled.
// Not a paper block.
`default_nettype none

module DCCA (
    input  wire CLKI,
    input  wire CE,
    output wire CLKO
);
  assign CLKO = CLKI & CE;
endmodule
