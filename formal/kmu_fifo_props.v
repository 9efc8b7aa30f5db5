// kmu_fifo_props - formal properties of kmu_fifo (make formal; docs/verification.md).
//
// Instantiated inside kmu_fifo under `ifdef FORMAL (synthesis, lint and simulation never
// define FORMAL), so the properties hold wherever a FIFO is used, for any input sequence: they
// contain no assumption.  Checked:
//   - the contract: push_ready_o = count < DEPTH, pop_valid_o = count != 0 (so no overflow and
//     no underflow: a push into a full FIFO and a pop from an empty one are never accepted);
//   - the count: next = 0 on flush, else count + push - pop; 0 in reset;
//   - the pointers: below DEPTH, wptr = rptr + count (mod DEPTH);
//   - the order: one pushed word, chosen by the solver (f_pick), leaves after exactly the words
//     that were in the FIFO before it, with its own data (and is dropped by a flush).  Its
//     storage slot must hold its data while it waits (slot_word_i is mem_q[slot_o], from the
//     FIFO: the link that makes the property inductive).
`default_nettype none

module kmu_fifo_props #(
    parameter integer WIDTH = 32,
    parameter integer DEPTH = 2,
    parameter integer PTR_W = 1,
    parameter integer CNT_W = 2
) (
    input  wire             clk_i,
    input  wire             rst_ni,
    input  wire             flush_i,
    input  wire             push_valid_i,
    input  wire             push_ready_o,
    input  wire [WIDTH-1:0] push_data_i,
    input  wire             pop_valid_o,
    input  wire             pop_ready_i,
    input  wire [WIDTH-1:0] pop_data_o,
    input  wire [CNT_W-1:0] count_o,
    // internal state of the FIFO
    input  wire [PTR_W-1:0] wptr_i,
    input  wire [PTR_W-1:0] rptr_i,
    input  wire [WIDTH-1:0] slot_word_i,  // the FIFO's storage at slot_o
    output wire [PTR_W-1:0] slot_o        // the tracked word's slot
);
  wire push = push_valid_i && push_ready_o;
  wire pop = pop_valid_o && pop_ready_i;

  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;

  // ---- contract and state, every cycle
  always @(*) begin
    assert (count_o <= DEPTH);
    assert (wptr_i < DEPTH);
    assert (rptr_i < DEPTH);
    assert ((rptr_i + count_o) % DEPTH == wptr_i);
    assert (push_ready_o == (count_o != DEPTH));
    assert (pop_valid_o == (count_o != 0));
    if (!rst_ni) assert (count_o == 0);
  end

  // ---- the count follows the handshakes
  always @(posedge clk_i) begin
    if (f_past_valid && $past(rst_ni) && rst_ni) begin
      if ($past(flush_i)) assert (count_o == 0);
      else assert (count_o == $past(count_o) + $past(push) - $past(pop));
    end
  end

  // ---- one tracked word
  (* anyseq *) wire f_pick;  // track the word pushed in this cycle
  reg             f_busy = 1'b0;  // a tracked word is in the FIFO
  reg [WIDTH-1:0] f_data;
  reg [PTR_W-1:0] f_slot;
  reg [CNT_W-1:0] f_ahead;  // words that leave before it
  assign slot_o = f_slot;

  always @(posedge clk_i) begin
    if (!rst_ni || flush_i) begin
      f_busy <= 1'b0;
    end else if (f_busy) begin
      if (pop) begin
        if (f_ahead == 0) f_busy <= 1'b0;
        else f_ahead <= f_ahead - 1'b1;
      end
    end else if (push && f_pick) begin
      f_busy  <= 1'b1;
      f_data  <= push_data_i;
      f_slot  <= wptr_i;
      f_ahead <= count_o - pop;
    end
  end

  always @(*) begin
    if (rst_ni && f_busy) begin
      assert (f_ahead < count_o);
      assert (f_slot == (rptr_i + f_ahead) % DEPTH);
      assert (slot_word_i == f_data);
      if (f_ahead == 0) assert (pop_data_o == f_data);
    end
  end

  // ---- reachability
  always @(*) begin
    if (rst_ni) begin
      cover (count_o == DEPTH);
      cover (push && pop);
      cover (f_busy && f_ahead == DEPTH - 1);
      cover (f_busy && f_ahead == 0 && pop);
      cover (flush_i && count_o == DEPTH);
    end
  end
endmodule

`default_nettype wire
