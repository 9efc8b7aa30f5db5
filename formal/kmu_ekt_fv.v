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
endmodule

`default_nettype wire
