// kmu_board_mem - on-chip memory of the board tops: one block RAM of 2^MEM_AW 32-bit words with
// the request/response protocol of kmu_gpu's memory port (kmu_mem_port: mem_valid/ready, write,
// byte address, wdata, client; read data back on rvalid/rdata/rclient).  Used twice by
// fpga/kmu_board_top.v: as the device memory behind mem_* (completion flags, checkpoint
// contexts, the copy engine's device side) and as the "host memory" behind the copy engine's
// host link hlink_* (client tied to 0).  Not a paper block; issue 15 item 3.
//
// Always ready.  A word address is the byte address's bits [MEM_AW+1:2]: higher bits are ignored
// (the memory repeats every 4 * 2^MEM_AW bytes; kmuctl places flags and contexts inside it) and
// so are the byte-offset bits (the port carries whole words).  Latency: a read accepted in cycle
// t answers in t+1 (rvalid_o with the request's client), one read per cycle, in order; a write is
// done at the edge that accepts it.  The RAM has no reset (its contents power up as the FPGA
// loads them: zero on ECP5 and iCE40 block RAM); rvalid resets.
`default_nettype none

module kmu_board_mem #(
    parameter integer MEM_AW = 10,  // word-address bits: 2^MEM_AW words
    parameter integer MCW    = 2    // client-tag bits
) (
    input  wire           clk_i,
    input  wire           rst_ni,
    input  wire           valid_i,
    output wire           ready_o,
    input  wire           write_i,
    input  wire [   31:0] addr_i,
    input  wire [   31:0] wdata_i,
    input  wire [MCW-1:0] client_i,
    output wire           rvalid_o,
    output wire [   31:0] rdata_o,
    output wire [MCW-1:0] rclient_o
);
  reg  [        31:0] ram_q[0:(1 << MEM_AW)-1];
  reg  [        31:0] rdata_q;
  reg                 rvalid_q;
  reg  [     MCW-1:0] rclient_q;
  wire [MEM_AW-1:0] wa = addr_i[MEM_AW+1:2];

  // the RAM: written and read at the edge (block RAM inference: no reset, registered read)
  always @(posedge clk_i) begin
    if (valid_i && write_i) ram_q[wa] <= wdata_i;
    rdata_q <= ram_q[wa];
  end
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rvalid_q  <= 1'b0;
      rclient_q <= {MCW{1'b0}};
    end else begin
      rvalid_q  <= valid_i && !write_i;
      rclient_q <= client_i;
    end
  end
  assign ready_o   = 1'b1;
  assign rvalid_o  = rvalid_q;
  assign rdata_o   = rdata_q;
  assign rclient_o = rclient_q;
  wire unused = &{1'b0, addr_i[31:MEM_AW+2], addr_i[1:0]};
endmodule

`default_nettype wire
