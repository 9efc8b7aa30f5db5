// kmu_kmu_fv - formal top of kmu_kmu (formal/kmu_kmu.sby): every input free (the TReM
// stop and free under kmu_revoke's contract), reset in the first cycle.  The property:
// kmu_kmu's next-TB counter hands out the TB indices of a kernel as 0, 1, 2, ... in order,
// each once, across any number of slot swap-outs and resumptions, and a kernel completes
// only after all of its indices went out, over the full 32-bit index (k-induction over
// every state, so no 2^31-TB simulation is needed).
//
// One kernel tag f_tag (CT entry) is tracked, chosen by the solver; f_cnt counts the OK takes
// of that tag since its fresh admission, f_tbs is its TB count.  Asserted:
//   - an OK take of f_tag gives take_tb_o == f_cnt < f_tbs (so no index twice, none skipped);
//   - the completion of f_tag comes with f_cnt == f_tbs (every index went out);
//   - helper invariants: while the CT entry is valid and not all taken its issue state is in
//     exactly one place, a slot or a continuation in the pending pool (PEND = 1: the FIFO's
//     head is its only word), with next == f_cnt < tbs == f_tbs; all taken: nowhere, and
//     f_cnt == f_tbs; a free entry is held nowhere.
// The room reservation: while the descriptor register holds a kernel for the geometry engine,
// its level has room (so the hold ends when the engine does: a bounded hold).
// The outstanding count is 2 bits here (OUT_W = 2): a take that finds it full is refused
// (err_take_o), which the claims cover (f_take counts only OK takes).
// TReM (stop_i, free_i): driven by the solver under kmu_revoke's contract (assumed below); a
// replay restarts the count at 0, a stopped kernel takes nothing and never completes, and the
// pool / restart / zombie flags agree with the pooled continuations (general invariants over
// every slot, level and entry make the induction close).
// The f_* wires carry kmu_kmu's internal state: undriven here, driven by the .sby script
// (connect -set after flatten), which is how this Yosys front-end reads a hierarchical
// signal.  The cells' own assertions (FIFO, arbiter, encoder), proven by their proofs, are
// assumed.
`default_nettype none

module kmu_kmu_fv #(
    parameter integer SLOTS = 2,
    parameter integer CT    = 2
) (
    input wire clk_i,
    input wire rst_ni,
    input wire mode_rgem_i,
    input wire ev_valid_i,
    input wire [31:0] ev_kptr_i,
    input wire [15:0] ev_grid_x_i, ev_grid_y_i, ev_grid_z_i, ev_tb_x_i, ev_tb_y_i, ev_tb_z_i,
    input wire [15:0] ev_shmem_i,
    input wire [7:0] ev_nregs_i,
    input wire [1:0] ev_prio_i,
    input wire [31:0] ev_param_i, ev_cpl_addr_i,
    input wire [0:0] ev_id_i,
    input wire host_valid_i,
    input wire [31:0] host_kptr_i,
    input wire [15:0] host_grid_x_i, host_grid_y_i, host_grid_z_i,
    input wire [15:0] host_tb_x_i, host_tb_y_i, host_tb_z_i,
    input wire [15:0] host_shmem_i,
    input wire [7:0] host_nregs_i,
    input wire [1:0] host_prio_i,
    input wire [31:0] host_param_i, host_cpl_addr_i,
    input wire host_class_i,
    input wire [31:0] host_est_i,
    input wire [SLOT_W-1:0] q_slot_i,
    input wire take_valid_i,
    input wire [SLOT_W-1:0] take_slot_i,
    input wire done_valid_i,
    input wire [TAG_W-1:0] done_tag_i,
    input wire mem_req_ready_i,
    // TReM: stop and free, under kmu_revoke's contract (assumed below)
    input wire [TAG_W-1:0] rvk_tag_i,
    input wire stop_i,
    input wire free_i,
    input wire free_replay_i
);
  localparam integer SLOT_W = (SLOTS > 1) ? $clog2(SLOTS) : 1;
  localparam integer TAG_W = (CT > 1) ? $clog2(CT) : 1;
  localparam integer LD_W = 1 + TAG_W;  // kmu_kmu's lane D: {cont, tag} (next: lane B's low half)
  initial assume (!rst_ni);

  wire ev_ready_o, host_ready_o, err_desc_o, err_take_o, err_done_o, swap_o;
  wire [SLOTS-1:0] slot_valid_o, slot_has_tb_o, slot_event_o;
  wire [SLOTS-1:0] slot_p0_o, slot_p1_o, slot_p2_o, slot_p3_o;
  wire [2*SLOTS-1:0] slot_prio_o;
  wire [5:0] q_warps_o;
  wire [17:0] q_regs_o;
  wire [15:0] q_shmem_o;
  wire [1:0] q_prio_o;
  wire q_event_o;
  wire [31:0] take_tb_o, take_kptr_o, take_param_o;
  wire [TAG_W-1:0] take_tag_o;
  wire mem_req_valid_o, ekt_cpl_valid_o, kernel_done_o;
  wire [31:0] mem_req_addr_o, mem_req_wdata_o;
  wire [0:0] ekt_cpl_id_o;
  wire [TAG_W-1:0] cpl_tag_o, adm_tag_o;
  wire adm_valid_o, adm_fresh_o, adm_user_o, stop_ack_o, free_ack_o;
  wire [15:0] adm_lid_o, last_lid_o;
  wire [31:0] adm_est_o;
  kmu_kmu #(
      .SLOTS(SLOTS),
      .PEND(1),
      .EKT_ID_W(1),
      .CT(CT),
      .OUT_W(2)  // issue 15: 3 TBs outstanding at most, so a refused take is in reach (cover)
  ) dut (
      .clk_i(clk_i), .rst_ni(rst_ni), .mode_rgem_i(mode_rgem_i),
      .ev_valid_i(ev_valid_i), .ev_ready_o(ev_ready_o), .ev_kptr_i(ev_kptr_i),
      .ev_grid_x_i(ev_grid_x_i), .ev_grid_y_i(ev_grid_y_i), .ev_grid_z_i(ev_grid_z_i),
      .ev_tb_x_i(ev_tb_x_i), .ev_tb_y_i(ev_tb_y_i), .ev_tb_z_i(ev_tb_z_i),
      .ev_shmem_i(ev_shmem_i), .ev_nregs_i(ev_nregs_i), .ev_prio_i(ev_prio_i),
      .ev_param_i(ev_param_i), .ev_cpl_addr_i(ev_cpl_addr_i), .ev_id_i(ev_id_i),
      .host_valid_i(host_valid_i), .host_ready_o(host_ready_o), .host_kptr_i(host_kptr_i),
      .host_grid_x_i(host_grid_x_i), .host_grid_y_i(host_grid_y_i),
      .host_grid_z_i(host_grid_z_i), .host_tb_x_i(host_tb_x_i), .host_tb_y_i(host_tb_y_i),
      .host_tb_z_i(host_tb_z_i), .host_shmem_i(host_shmem_i), .host_nregs_i(host_nregs_i),
      .host_prio_i(host_prio_i), .host_param_i(host_param_i),
      .host_cpl_addr_i(host_cpl_addr_i), .err_desc_o(err_desc_o),
      .slot_valid_o(slot_valid_o), .slot_has_tb_o(slot_has_tb_o),
      .slot_event_o(slot_event_o), .slot_prio_o(slot_prio_o), .slot_p0_o(slot_p0_o),
      .slot_p1_o(slot_p1_o), .slot_p2_o(slot_p2_o), .slot_p3_o(slot_p3_o),
      .q_slot_i(q_slot_i), .q_warps_o(q_warps_o), .q_regs_o(q_regs_o),
      .q_shmem_o(q_shmem_o), .q_prio_o(q_prio_o), .q_event_o(q_event_o),
      .take_valid_i(take_valid_i), .take_slot_i(take_slot_i), .take_tb_o(take_tb_o),
      .take_tag_o(take_tag_o), .take_kptr_o(take_kptr_o), .take_param_o(take_param_o),
      .err_take_o(err_take_o), .done_valid_i(done_valid_i), .done_tag_i(done_tag_i),
      .err_done_o(err_done_o), .swap_o(swap_o), .mem_req_valid_o(mem_req_valid_o),
      .mem_req_ready_i(mem_req_ready_i), .mem_req_addr_o(mem_req_addr_o),
      .mem_req_wdata_o(mem_req_wdata_o), .ekt_cpl_valid_o(ekt_cpl_valid_o),
      .ekt_cpl_id_o(ekt_cpl_id_o), .kernel_done_o(kernel_done_o),
      .host_class_i(host_class_i), .host_est_i(host_est_i), .cpl_tag_o(cpl_tag_o),
      .adm_valid_o(adm_valid_o), .adm_fresh_o(adm_fresh_o), .adm_tag_o(adm_tag_o),
      .adm_lid_o(adm_lid_o), .adm_user_o(adm_user_o), .adm_est_o(adm_est_o),
      .last_lid_o(last_lid_o), .rvk_tag_i(rvk_tag_i), .stop_i(stop_i), .stop_ack_o(stop_ack_o),
      .free_i(free_i), .free_replay_i(free_replay_i), .free_ack_o(free_ack_o)
  );

  // ---------------------------------------------------------------- internal state
  (* keep *) wire [32*SLOTS-1:0] f_next, f_tbs_s;  // slot s at [32s +: 32]
  (* keep *) wire [TAG_W*SLOTS-1:0] f_tag_s;
  (* keep *) wire [CT-1:0] f_ct_valid, f_ct_all;
  (* keep *) wire [3:0] f_lvl_ne;  // the pending levels (PEND = 1: the head is the word)
  (* keep *) wire [4*LD_W-1:0] f_lvl_ld;
  (* keep *) wire [4*64-1:0] f_lvl_lb;  // lane B {tbs, cpl_addr}; a continuation {tbs, next}
  (* keep *) wire [3:0] f_cnt_a, f_cnt_b, f_cnt_d;  // the lanes' word counts per level
  (* keep *) wire f_adm_fresh, f_cpl_fire;
  (* keep *) wire [TAG_W-1:0] f_ct_alloc, f_cpl_idx;
  (* keep *) wire [31:0] f_cand_tbs;
  // TReM state
  (* keep *) wire [CT-1:0] f_ct_stop, f_ct_pool, f_ct_zombie, f_ct_restart;
  (* keep *) wire [32*CT-1:0] f_ct_tbs;  // entry e at [32e +: 32]
  (* keep *) wire f_fr_pend, f_fr_fire, f_fr_replay;
  (* keep *) wire [TAG_W-1:0] f_fr_tag;
  // the geometry engine: its phase (0: the descriptor register is free) and the held
  // descriptor's level
  (* keep *) wire [2:0] f_geo_ph;
  (* keep *) wire [1:0] f_hd_prio;

  // kmu_revoke's contract (docs/blocks/kmu_revoke.md, Neighbours): one request at a time, so
  // a stop and a free never meet and no stop comes while a free is pending; the free names a
  // stopped tag; a retired kernel (a zombie until its pooled continuation drops) is REVOKED
  // there, never stopped or freed again.
  always @(*) begin
    if (rst_ni) begin
      if (stop_i) assume (!free_i && !f_fr_pend && !f_ct_zombie[rvk_tag_i]);
      if (free_i) assume (!f_fr_pend && f_ct_valid[rvk_tag_i] && f_ct_stop[rvk_tag_i] &&
                          !f_ct_zombie[rvk_tag_i]);
    end
  end

  (* anyconst *) reg [TAG_W-1:0] f_tag;
  always @(*) assume (f_tag < CT);
  reg [31:0] f_cnt = 32'd0, f_tbs = 32'd0;
  wire f_take = take_valid_i && !err_take_o && (take_tag_o == f_tag);
  always @(posedge clk_i) begin
    if (f_adm_fresh && f_ct_alloc == f_tag) begin
      f_cnt <= 32'd0;
      f_tbs <= f_cand_tbs;
    end else if (f_fr_fire && f_fr_replay && f_fr_tag == f_tag) begin
      f_cnt <= 32'd0;  // a replay: the kernel starts again from TB 0
    end else if (f_take) begin
      f_cnt <= f_cnt + 32'd1;
    end
  end

  integer i, j;
  reg [SLOTS-1:0] f_tag_hit;  // slot s holds tag f_tag (valid or not)
  always @(*) begin
    for (i = 0; i < SLOTS; i = i + 1) f_tag_hit[i] = (f_tag_s[TAG_W*i+:TAG_W] == f_tag);
  end
  // places holding f_tag's issue state: valid slots, continuations at a level's head
  reg [3:0] f_in_slot, f_in_pool;
  always @(*) begin
    f_in_slot = 4'd0;
    f_in_pool = 4'd0;
    for (i = 0; i < SLOTS; i = i + 1)
      if (slot_valid_o[i] && f_tag_hit[i]) f_in_slot = f_in_slot + 4'd1;
    for (i = 0; i < 4; i = i + 1)
      if (f_lvl_ne[i] && f_lvl_ld[LD_W*i+LD_W-1] && f_lvl_ld[LD_W*i+:TAG_W] == f_tag)
        f_in_pool = f_in_pool + 4'd1;
  end
  wire [3:0] f_holders = f_in_slot + f_in_pool;
  wire f_stop = f_ct_stop[f_tag], f_restart = f_ct_restart[f_tag];

  always @(*) begin
    if (rst_ni) begin
      // the claims
      if (f_take) assert (take_tb_o == f_cnt && f_cnt < f_tbs);
      if (f_cpl_fire && f_cpl_idx == f_tag) assert (f_cnt == f_tbs);
      // a stopped kernel issues nothing and never completes
      if (f_stop && f_ct_valid[f_tag]) assert (f_in_slot == 4'd0 && !f_take);
      // helper invariants: a pending free names a stopped, valid, not retired entry
      if (f_fr_pend) assert (f_ct_valid[f_fr_tag] && f_ct_stop[f_fr_tag] && !f_ct_zombie[f_fr_tag]);
      // the TReM flags live only in valid entries; a zombie is stopped with a pooled continuation
      assert ((f_ct_stop & ~f_ct_valid) == {CT{1'b0}} && (f_ct_pool & ~f_ct_valid) == {CT{1'b0}});
      assert ((f_ct_zombie & ~(f_ct_stop & f_ct_pool)) == {CT{1'b0}});
      assert ((f_ct_restart & ~f_ct_pool) == {CT{1'b0}});
      assert ((f_ct_pool & f_ct_all) == {CT{1'b0}});  // a pooled continuation has TBs left
      for (i = 0; i < CT; i = i + 1) if (f_ct_pool[i]) assert (f_ct_tbs[32*i+:32] != 32'd0);
      // any kernel in a slot: a valid entry, TBs left, running; any pooled continuation: a
      // valid entry whose pool flag is set
      for (i = 0; i < SLOTS; i = i + 1) begin
        if (slot_valid_o[i]) begin
          assert (f_tbs_s[32*i+:32] == f_ct_tbs[32*f_tag_s[TAG_W*i+:TAG_W]+:32]);
          assert (f_next[32*i+:32] < f_tbs_s[32*i+:32]);
          assert (f_ct_valid[f_tag_s[TAG_W*i+:TAG_W]] && !f_ct_all[f_tag_s[TAG_W*i+:TAG_W]]);
          assert (!f_ct_stop[f_tag_s[TAG_W*i+:TAG_W]] && !f_ct_pool[f_tag_s[TAG_W*i+:TAG_W]]);
        end
      end
      for (i = 0; i < 4; i = i + 1) begin
        if (f_lvl_ne[i] && f_lvl_ld[LD_W*i+LD_W-1]) begin
          assert (f_ct_pool[f_lvl_ld[LD_W*i+:TAG_W]]);
          assert (f_lvl_lb[64*i+32+:32] == f_ct_tbs[32*f_lvl_ld[LD_W*i+:TAG_W]+:32]);
          assert (f_lvl_lb[64*i+:32] < f_lvl_lb[64*i+32+:32] ||
                  f_ct_restart[f_lvl_ld[LD_W*i+:TAG_W]]);
        end
      end
      // no kernel in two places: two slots, or two levels
      for (i = 0; i < SLOTS; i = i + 1)
        for (j = i + 1; j < SLOTS; j = j + 1)
          if (slot_valid_o[i] && slot_valid_o[j])
            assert (f_tag_s[TAG_W*i+:TAG_W] != f_tag_s[TAG_W*j+:TAG_W]);
      for (i = 0; i < 4; i = i + 1)
        for (j = i + 1; j < 4; j = j + 1)
          if (f_lvl_ne[i] && f_lvl_ld[LD_W*i+LD_W-1] && f_lvl_ne[j] && f_lvl_ld[LD_W*j+LD_W-1])
            assert (f_lvl_ld[LD_W*i+:TAG_W] != f_lvl_ld[LD_W*j+:TAG_W]);
      // a level's lanes hold the same words
      assert (f_cnt_b == f_cnt_a && f_cnt_d == f_cnt_a);
      // the room reservation (issue 15): while the register holds a descriptor its level has
      // room (PEND = 1: empty), so it leaves the register the cycle its engine is done
      // (GEO_DONE lasts one cycle): the hold is G cycles, whatever swap-outs and replays do
      if (f_geo_ph != 3'd0) assert (!f_cnt_a[f_hd_prio]);
      if (!f_ct_valid[f_tag]) begin
        assert (f_holders == 4'd0);
      end else begin
        // the pool flag is exactly "a continuation is pooled"; a restart is a pooled one
        assert (f_in_pool == {3'd0, f_ct_pool[f_tag]});
        assert (!f_restart || (f_ct_pool[f_tag] && f_cnt == 32'd0));
        assert (!f_ct_zombie[f_tag] || (f_stop && f_ct_pool[f_tag]));
        assert (f_ct_tbs[32*f_tag+:32] == f_tbs);
        if (f_stop) begin
          assert (f_holders <= 4'd1 && f_cnt <= f_tbs);
        end else if (f_ct_all[f_tag]) begin
          assert (f_holders == 4'd0 && f_cnt == f_tbs);
        end else begin
          assert (f_holders == 4'd1 && f_cnt < f_tbs);
        end
      end
      for (i = 0; i < SLOTS; i = i + 1) begin
        if (slot_valid_o[i] && f_tag_hit[i]) begin
          assert (f_next[32*i+:32] == f_cnt && f_tbs_s[32*i+:32] == f_tbs);
        end
      end
      for (i = 0; i < 4; i = i + 1) begin
        if (f_lvl_ne[i] && f_lvl_ld[LD_W*i+LD_W-1] && f_lvl_ld[LD_W*i+:TAG_W] == f_tag) begin
          assert ((f_lvl_lb[64*i+:32] == f_cnt || f_restart) && f_lvl_lb[64*i+32+:32] == f_tbs);
        end
      end
    end
  end

  // the tracked kernel's issue state has sat in the pending pool (a continuation)
  reg f_was_cont = 1'b0;
  always @(posedge clk_i) begin
    if (f_adm_fresh && f_ct_alloc == f_tag) f_was_cont <= 1'b0;
    else if (f_holders != 4'd0 && !(|(slot_valid_o & f_tag_hit))) f_was_cont <= 1'b1;
  end
  always @(*) begin
    if (rst_ni) begin
      cover (f_take && f_was_cont && take_tb_o == 32'd2);  // resumed after a swap-out
      cover (f_take && swap_o);  // a take and a swap-out of it in one cycle
      cover (f_take && take_tb_o == 32'd2);
      cover (f_cpl_fire && f_cpl_idx == f_tag && f_tbs == 32'd3);
      cover (f_adm_fresh && f_cand_tbs[31:16] != 16'd0);  // a grid above 65,535 TBs
      // a take of f_tag refused for a full outstanding count (its slot valid, TBs left)
      cover (take_valid_i && err_take_o && take_slot_i < SLOTS && slot_valid_o[take_slot_i] &&
             take_tag_o == f_tag &&
             f_cnt == 32'd3);
    end
  end
endmodule

`default_nettype wire
