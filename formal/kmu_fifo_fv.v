// kmu_fifo_fv - formal top of kmu_fifo (formal/kmu_fifo.sby): every input free, reset in the
// first cycle.  The properties are in formal/kmu_fifo_props.v, bound inside kmu_fifo.
`default_nettype none

module kmu_fifo_fv #(
    parameter integer WIDTH = 4,
    parameter integer DEPTH = 2
) (
    input wire                       clk_i,
    input wire                       rst_ni,
    input wire                       flush_i,
    input wire                       push_valid_i,
    input wire [          WIDTH-1:0] push_data_i,
    input wire                       pop_ready_i
);
  initial assume (!rst_ni);
  wire                       push_ready, pop_valid;
  wire [          WIDTH-1:0] pop_data;
  wire [$clog2(DEPTH+1)-1:0] count;
  kmu_fifo #(
      .WIDTH(WIDTH),
      .DEPTH(DEPTH)
  ) dut (
      .clk_i       (clk_i),
      .rst_ni      (rst_ni),
      .flush_i     (flush_i),
      .push_valid_i(push_valid_i),
      .push_ready_o(push_ready),
      .push_data_i (push_data_i),
      .pop_valid_o (pop_valid),
      .pop_ready_i (pop_ready_i),
      .pop_data_o  (pop_data),
      .count_o     (count)
  );
endmodule

`default_nettype wire
