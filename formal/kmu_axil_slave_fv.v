// kmu_axil_slave_fv - formal top of kmu_axil_slave (formal/kmu_axil_slave.sby): every input
// free (the AXI master constrained by formal/kmu_axil_props.v, bound inside the slave), reset
// in the first cycle.  The bus side is checked here from the ports: an offer that is refused
// stays offered and unchanged; a read carries no write data or strobes.
`default_nettype none

module kmu_axil_slave_fv #(
    parameter integer AW = 4
) (
    input wire          clk_i,
    input wire          rst_ni,
    input wire          s_awvalid_i,
    input wire [AW-1:0] s_awaddr_i,
    input wire          s_wvalid_i,
    input wire [  31:0] s_wdata_i,
    input wire [   3:0] s_wstrb_i,
    input wire          s_bready_i,
    input wire          s_arvalid_i,
    input wire [AW-1:0] s_araddr_i,
    input wire          s_rready_i,
    input wire          bus_req_ready_i,
    input wire [  31:0] bus_rsp_rdata_i,
    input wire          bus_rsp_err_i
);
  initial assume (!rst_ni);
  wire awready, wready, bvalid, arready, rvalid;
  wire [1:0] bresp, rresp;
  wire [31:0] rdata;
  wire req_valid, req_write;
  wire [AW-1:0] req_addr;
  wire [31:0] req_wdata;
  wire [3:0] req_wstrb;
  kmu_axil_slave #(
      .AW(AW)
  ) dut (
      .clk_i          (clk_i),
      .rst_ni         (rst_ni),
      .s_awvalid_i    (s_awvalid_i),
      .s_awready_o    (awready),
      .s_awaddr_i     (s_awaddr_i),
      .s_wvalid_i     (s_wvalid_i),
      .s_wready_o     (wready),
      .s_wdata_i      (s_wdata_i),
      .s_wstrb_i      (s_wstrb_i),
      .s_bvalid_o     (bvalid),
      .s_bready_i     (s_bready_i),
      .s_bresp_o      (bresp),
      .s_arvalid_i    (s_arvalid_i),
      .s_arready_o    (arready),
      .s_araddr_i     (s_araddr_i),
      .s_rvalid_o     (rvalid),
      .s_rready_i     (s_rready_i),
      .s_rdata_o      (rdata),
      .s_rresp_o      (rresp),
      .bus_req_valid_o(req_valid),
      .bus_req_ready_i(bus_req_ready_i),
      .bus_req_write_o(req_write),
      .bus_req_addr_o (req_addr),
      .bus_req_wdata_o(req_wdata),
      .bus_req_wstrb_o(req_wstrb),
      .bus_rsp_rdata_i(bus_rsp_rdata_i),
      .bus_rsp_err_i  (bus_rsp_err_i)
  );

  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @(*) begin
    if (!rst_ni) assert (!req_valid);
    if (req_valid && !req_write) assert (req_wdata == 32'h0 && req_wstrb == 4'h0);
    cover (req_valid && !bus_req_ready_i);
  end
  always @(posedge clk_i) begin
    if (f_past_valid && $past(rst_ni) && rst_ni && $past(req_valid && !bus_req_ready_i)) begin
      assert (req_valid && req_write == $past(req_write) && req_addr == $past(req_addr));
      assert (req_wdata == $past(req_wdata) && req_wstrb == $past(req_wstrb));
    end
    // kmu_csr's read (issue 15, csrram): refused in the cycle it is offered, taken in the next
    if (f_past_valid && $past(rst_ni) && rst_ni)
      cover ($past(req_valid && !req_write && !bus_req_ready_i) && req_valid && !req_write &&
             bus_req_ready_i);
  end
endmodule

`default_nettype wire
