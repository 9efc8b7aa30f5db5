// kmu_ekt_fv - formal top of kmu_ekt (formal/kmu_ekt.sby): every input free, reset in the
// first cycle.  The properties are the `ifdef FORMAL block at the end of kmu_ekt.v (and those
// of its kmu_prio_enc).
`default_nettype none

module kmu_ekt_fv #(
    parameter integer ENTRIES = 2
) (
    input wire              clk_i,
    input wire              rst_ni,
    input wire              reg_valid_i,
    input wire [31:0]       reg_kptr_i,
    input wire [15:0]       reg_grid_x_i,
    input wire [15:0]       reg_grid_y_i,
    input wire [15:0]       reg_grid_z_i,
    input wire [15:0]       reg_tb_x_i,
    input wire [15:0]       reg_tb_y_i,
    input wire [15:0]       reg_tb_z_i,
    input wire [15:0]       reg_shmem_i,
    input wire [7:0]        reg_nregs_i,
    input wire [1:0]        reg_prio_i,
    input wire [31:0]       reg_pbase_i,
    input wire [31:0]       reg_pend_i,
    input wire [15:0]       reg_esize_i,
    input wire [7:0]        reg_maxinf_i,
    input wire              unreg_valid_i,
    input wire [ID_W-1:0]   unreg_id_i,
    input wire              launch_valid_i,
    input wire [ID_W-1:0]   launch_id_i,
    input wire              desc_ready_i,
    input wire              cpl_valid_i,
    input wire [ID_W-1:0]   cpl_id_i
);
  localparam integer ID_W = (ENTRIES > 1) ? $clog2(ENTRIES) : 1;
  initial assume (!rst_ni);
  wire              reg_ready_o;
  wire              reg_done_o;
  wire [2:0]        reg_code_o;
  wire [ID_W-1:0]   reg_id_o;
  wire              reg_busy_o;
  wire [1:0]        unreg_code_o;
  wire              launch_ready_o;
  wire [1:0]        launch_err_o;
  wire              desc_valid_o;
  wire [ID_W-1:0]   desc_id_o;
  wire [31:0]       desc_kptr_o;
  wire [15:0]       desc_grid_x_o;
  wire [15:0]       desc_grid_y_o;
  wire [15:0]       desc_grid_z_o;
  wire [15:0]       desc_tb_x_o;
  wire [15:0]       desc_tb_y_o;
  wire [15:0]       desc_tb_z_o;
  wire [15:0]       desc_shmem_o;
  wire [7:0]        desc_nregs_o;
  wire [1:0]        desc_prio_o;
  wire [31:0]       desc_param_o;
  wire              cpl_err_o;
  wire [ENTRIES-1:0] valid_o;
  kmu_ekt #(
      .ENTRIES(ENTRIES)
  ) dut (
      .clk_i         (clk_i),
      .rst_ni        (rst_ni),
      .reg_valid_i   (reg_valid_i),
      .reg_kptr_i    (reg_kptr_i),
      .reg_grid_x_i  (reg_grid_x_i),
      .reg_grid_y_i  (reg_grid_y_i),
      .reg_grid_z_i  (reg_grid_z_i),
      .reg_tb_x_i    (reg_tb_x_i),
      .reg_tb_y_i    (reg_tb_y_i),
      .reg_tb_z_i    (reg_tb_z_i),
      .reg_shmem_i   (reg_shmem_i),
      .reg_nregs_i   (reg_nregs_i),
      .reg_prio_i    (reg_prio_i),
      .reg_pbase_i   (reg_pbase_i),
      .reg_pend_i    (reg_pend_i),
      .reg_esize_i   (reg_esize_i),
      .reg_maxinf_i  (reg_maxinf_i),
      .unreg_valid_i (unreg_valid_i),
      .unreg_id_i    (unreg_id_i),
      .launch_valid_i(launch_valid_i),
      .launch_id_i   (launch_id_i),
      .desc_ready_i  (desc_ready_i),
      .cpl_valid_i   (cpl_valid_i),
      .cpl_id_i      (cpl_id_i),
      .reg_ready_o   (reg_ready_o),
      .reg_done_o    (reg_done_o),
      .reg_code_o    (reg_code_o),
      .reg_id_o      (reg_id_o),
      .reg_busy_o    (reg_busy_o),
      .unreg_code_o  (unreg_code_o),
      .launch_ready_o(launch_ready_o),
      .launch_err_o  (launch_err_o),
      .desc_valid_o  (desc_valid_o),
      .desc_id_o     (desc_id_o),
      .desc_kptr_o   (desc_kptr_o),
      .desc_grid_x_o (desc_grid_x_o),
      .desc_grid_y_o (desc_grid_y_o),
      .desc_grid_z_o (desc_grid_z_o),
      .desc_tb_x_o   (desc_tb_x_o),
      .desc_tb_y_o   (desc_tb_y_o),
      .desc_tb_z_o   (desc_tb_z_o),
      .desc_shmem_o  (desc_shmem_o),
      .desc_nregs_o  (desc_nregs_o),
      .desc_prio_o   (desc_prio_o),
      .desc_param_o  (desc_param_o),
      .cpl_err_o     (cpl_err_o),
      .valid_o       (valid_o)
  );
`ifdef EKT_HEAD
  // ---------------------------------------------------------------- head within [base, end)
  // Tasks of formal/kmu_ekt_head.sby (read with -DEKT_HEAD).  The f_* wires carry the EKT's
  // internal state: left undriven here, the .sby script drives them from the flattened
  // instance (connect -nounset -set f_head0 dut.f_head0 ...: the EKT's FORMAL block names
  // each entry's head as its next launch sees it, its base, end and size, read out of its
  // memories), which is how this Yosys front-end reads a hierarchical signal.  The EKT's own
  // assertions (proven by formal/kmu_ekt.sby) are assumed here (chformal -assert2assume).
  //
  // Claim, for one entry f_hid chosen by the solver: a registered entry has
  // base <= head < end, and every descriptor of it names an address in [base, end).
  // No bound on the buffer's end: the head adder keeps its carry (33 bits), so a buffer that
  // ends at 2^32 wraps to its base like any other.  Not claimed: the head on an entry
  // boundary (that needs end - base to be a multiple of esize, i.e. the 32-step remainder
  // unit proven; multiplier reasoning that did not close by k-induction: docs/verification.md).
  (* keep *) wire [31:0] f_head0, f_head1, f_head2, f_base0, f_base1, f_base2;
  (* keep *) wire [31:0] f_end0, f_end1, f_end2;
  (* keep *) wire [15:0] f_esize0, f_esize1, f_esize2;
  (* anyconst *) reg [ID_W-1:0] f_hid;
  always @(*) assume (f_hid < ENTRIES);
  // the tracked entry's state (ENTRIES <= 3 in these tasks)
  wire [31:0] h_head = (f_hid == 0) ? f_head0 : (f_hid == 1) ? f_head1 : f_head2;
  wire [31:0] h_base = (f_hid == 0) ? f_base0 : (f_hid == 1) ? f_base1 : f_base2;
  wire [31:0] h_end = (f_hid == 0) ? f_end0 : (f_hid == 1) ? f_end1 : f_end2;
  wire [15:0] h_esize = (f_hid == 0) ? f_esize0 : (f_hid == 1) ? f_esize1 : f_esize2;
  wire h_valid = valid_o[f_hid];

  wire h_launch = launch_valid_i && launch_ready_o && (launch_err_o == 2'd0) &&
                  (launch_id_i == f_hid);
  always @(*) begin
    if (rst_ni && h_valid) assert (h_base <= h_head && h_head < h_end);
  end
  // every descriptor of the tracked entry names an address of its buffer
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @(posedge clk_i) begin
    if (f_past_valid && $past(rst_ni) && rst_ni && $past(h_launch)) begin
      assert (desc_param_o >= $past(h_base) && desc_param_o < $past(h_end));
    end
  end
  always @(*) begin
    if (rst_ni) begin
      // a wrap after at least one step
      cover (h_launch && h_head != h_base && {1'b0, h_head} + {17'd0, h_esize} >= {1'b0, h_end});
    end
  end
`endif
endmodule
