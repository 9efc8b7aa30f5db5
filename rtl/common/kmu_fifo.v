// kmu_fifo - synchronous FIFO, the queue every openkmu block uses.
//
// Registered outputs, no fall-through: a word pushed at edge t is visible at pop_* from
// cycle t+1.  push_ready_o depends only on state (count < DEPTH), never on pop_ready_i, so
// chaining FIFOs never builds a combinational ready path; the cost is that a full FIFO does
// not accept a push in the cycle it is popped.  A DEPTH of 2 therefore sustains one word per
// cycle (the usual skid-buffer depth).  DEPTH need not be a power of two.  flush_i empties the
// FIFO at the next edge and wins over a push in the same cycle.
//
// Latency: 1 cycle push -> pop.  Storage: DEPTH x WIDTH register array without reset (may map
// to RAM); data out is only meaningful while pop_valid_o is high.
// C twin: cmodel/common/kmu_fifo.c.
`default_nettype none

module kmu_fifo #(
    parameter integer WIDTH = 32,  // bits per word
    parameter integer DEPTH = 2    // words (>= 1)
) (
    input  wire                       clk_i,
    input  wire                       rst_ni,
    input  wire                       flush_i,       // drop every word at the edge
    input  wire                       push_valid_i,
    output wire                       push_ready_o,  // = count < DEPTH
    input  wire [          WIDTH-1:0] push_data_i,
    output wire                       pop_valid_o,   // = count != 0
    input  wire                       pop_ready_i,
    output wire [          WIDTH-1:0] pop_data_o,    // oldest word
    output wire [$clog2(DEPTH+1)-1:0] count_o
);
  localparam integer PTR_W = (DEPTH > 1) ? $clog2(DEPTH) : 1;
  localparam integer CNT_W = $clog2(DEPTH + 1);

  reg [WIDTH-1:0] mem_q[0:DEPTH-1];
  reg [PTR_W-1:0] wptr_q, wptr_d;
  reg [PTR_W-1:0] rptr_q, rptr_d;
  reg [CNT_W-1:0] count_q, count_d;

  wire push = push_valid_i && push_ready_o;
  wire pop = pop_valid_o && pop_ready_i;

  assign push_ready_o = (count_q != DEPTH[CNT_W-1:0]);
  assign pop_valid_o  = (count_q != {CNT_W{1'b0}});
  assign pop_data_o   = mem_q[rptr_q];
  assign count_o      = count_q;

  function automatic [PTR_W-1:0] ptr_inc(input [PTR_W-1:0] p);
    ptr_inc = (p == DEPTH[PTR_W-1:0] - 1'b1) ? {PTR_W{1'b0}} : p + 1'b1;
  endfunction

  always @(*) begin
    wptr_d  = wptr_q;
    rptr_d  = rptr_q;
    count_d = count_q;
    if (flush_i) begin
      wptr_d  = {PTR_W{1'b0}};
      rptr_d  = {PTR_W{1'b0}};
      count_d = {CNT_W{1'b0}};
    end else begin
      if (push) wptr_d = ptr_inc(wptr_q);
      if (pop) rptr_d = ptr_inc(rptr_q);
      if (push && !pop) count_d = count_q + 1'b1;
      else if (pop && !push) count_d = count_q - 1'b1;
    end
  end

  always @(posedge clk_i) begin
    if (push && !flush_i) mem_q[wptr_q] <= push_data_i;
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wptr_q  <= {PTR_W{1'b0}};
      rptr_q  <= {PTR_W{1'b0}};
      count_q <= {CNT_W{1'b0}};
    end else begin
      wptr_q  <= wptr_d;
      rptr_q  <= rptr_d;
      count_q <= count_d;
    end
  end

`ifdef FORMAL
  // Formal properties (make formal): formal/kmu_fifo_props.v, bound here so that they see the
  // pointers and the storage; only the formal flow defines FORMAL.
  wire [PTR_W-1:0] f_slot;
  kmu_fifo_props #(
      .WIDTH(WIDTH),
      .DEPTH(DEPTH),
      .PTR_W(PTR_W),
      .CNT_W(CNT_W)
  ) u_props (
      .clk_i       (clk_i),
      .rst_ni      (rst_ni),
      .flush_i     (flush_i),
      .push_valid_i(push_valid_i),
      .push_ready_o(push_ready_o),
      .push_data_i (push_data_i),
      .pop_valid_o (pop_valid_o),
      .pop_ready_i (pop_ready_i),
      .pop_data_o  (pop_data_o),
      .count_o     (count_o),
      .wptr_i      (wptr_q),
      .rptr_i      (rptr_q),
      .slot_word_i (mem_q[f_slot]),
      .slot_o      (f_slot)
  );
`endif
endmodule

`default_nettype wire
