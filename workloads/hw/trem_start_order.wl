# trem_start_order.wl - an automatic replay whose TB 1 reaches the SIMT model before its TB 0
# (issue 12, docs/results-trem.md "Found by the study": "a replayed batch kernel's TB 0 started
# while a TB was on an SM").  The study's workload `gen_workload.py 3 14 paper trem_mix W2 1.0
# prio_tr`, cut to the launches up to the failing cycle and reduced by removing launches while
# the failure stayed (the header line below is the generator's).  TReM Priority revokes
# b1_gaussian again and again (one request per user-facing arrival); at cycle 17,678 it stops
# the run whose TB 0 is on SM 4 (evicted at 17,688, the replay re-admitted at 17,693).  The new
# run's TB 0 is taken at 17,764 for SM 3 and TB 1 at 17,767 for SM 8, but SM 3 starts its TB
# on the SIMT port at 17,769, after SM 8's at 17,768.  kmusim accepted a restarted TB as an
# automatic replay only with no TB of the kernel on an SM, so it failed "TB 0 ... started a
# second time" at 17,769.  Not a hardware bug (nothing of the old run was resident): kmusim
# now takes resident TBs started after the last eviction that form, with the restarted TB, TBs
# 0 .. n as the new run's early starters (sim/kmusim/sim.c, auto_replay).  Expected to PASS.
# Run: build/bin/kmusim-paper --engine c workloads/hw/trem_start_order.wl (about 1 s of CPU)
# generator: TReM task mix W2, load 1.0, variant prio_tr, seed 3, 14 jobs, 4 batch tasks in the hardware at most (scripts/gen_workload.py trem_mix)
config paper trem=priority
kernel b1_gaussian grid=4 tb=1024 regs=64 cycles=24880 host prio=0 class=batch est=24880
kernel u2_particlefilter grid=4 tb=1024 regs=64 cycles=5 host prio=3 class=user est=5
kernel b3_lavamd grid=4 tb=1024 regs=64 cycles=3680 host prio=0 class=batch est=3680
kernel u4_particlefilter grid=4 tb=1024 regs=64 cycles=5 host prio=3 class=user est=5
kernel u5_pathfinder grid=4 tb=1024 regs=64 cycles=340 host prio=3 class=user est=340
kernel u6_blackscholes grid=4 tb=1024 regs=64 cycles=300 host prio=3 class=user est=300
kernel u7_nw grid=4 tb=1024 regs=64 cycles=190 host prio=3 class=user est=190
launch b1_gaussian at=2596 name=b1_gaussian_0
launch b1_gaussian at=2596 name=b1_gaussian_1
launch u2_particlefilter at=3185 name=u2_particlefilter_0
launch u2_particlefilter at=3190 name=u2_particlefilter_1
launch u2_particlefilter at=3195 name=u2_particlefilter_2
launch u2_particlefilter at=3200 name=u2_particlefilter_3
launch u2_particlefilter at=3205 name=u2_particlefilter_4
launch u2_particlefilter at=3210 name=u2_particlefilter_5
launch u2_particlefilter at=3215 name=u2_particlefilter_6
launch u2_particlefilter at=3220 name=u2_particlefilter_7
launch u2_particlefilter at=3225 name=u2_particlefilter_8 after=u2_particlefilter_0
launch u2_particlefilter at=3230 name=u2_particlefilter_9 after=u2_particlefilter_1
launch u2_particlefilter at=3235 name=u2_particlefilter_10 after=u2_particlefilter_2
launch u2_particlefilter at=3255 name=u2_particlefilter_14 after=u2_particlefilter_6
launch b3_lavamd at=6651 name=b3_lavamd_0
launch b3_lavamd at=6651 name=b3_lavamd_1
launch u4_particlefilter at=9657 name=u4_particlefilter_0
launch u4_particlefilter at=9662 name=u4_particlefilter_1
launch u4_particlefilter at=9667 name=u4_particlefilter_2
launch u4_particlefilter at=9672 name=u4_particlefilter_3
launch u4_particlefilter at=9677 name=u4_particlefilter_4
launch u4_particlefilter at=9682 name=u4_particlefilter_5
launch u4_particlefilter at=9687 name=u4_particlefilter_6
launch u4_particlefilter at=9692 name=u4_particlefilter_7
launch u4_particlefilter at=9697 name=u4_particlefilter_8 after=u4_particlefilter_0
launch u5_pathfinder at=10013 name=u5_pathfinder_0
launch u5_pathfinder at=11033 name=u5_pathfinder_3
launch u5_pathfinder at=11713 name=u5_pathfinder_5
launch u5_pathfinder at=12393 name=u5_pathfinder_7
launch u5_pathfinder at=12733 name=u5_pathfinder_8 after=u5_pathfinder_0
launch u6_blackscholes at=15498 name=u6_blackscholes_0
launch u6_blackscholes at=15798 name=u6_blackscholes_1
launch u7_nw at=15924 name=u7_nw_0
launch u6_blackscholes at=16098 name=u6_blackscholes_2
launch u7_nw at=16114 name=u7_nw_1
launch u7_nw at=16304 name=u7_nw_2
launch u6_blackscholes at=16398 name=u6_blackscholes_3
launch u7_nw at=16494 name=u7_nw_3
launch u7_nw at=16684 name=u7_nw_4
launch u6_blackscholes at=16698 name=u6_blackscholes_4
launch u7_nw at=16874 name=u7_nw_5
launch u6_blackscholes at=16998 name=u6_blackscholes_5
launch u7_nw at=17064 name=u7_nw_6
launch u7_nw at=17254 name=u7_nw_7
launch u6_blackscholes at=17298 name=u6_blackscholes_6
launch u7_nw at=17444 name=u7_nw_8 after=u7_nw_0
launch u6_blackscholes at=17598 name=u6_blackscholes_7
launch u7_nw at=17634 name=u7_nw_9 after=u7_nw_1
