# trem_done_race.wl - TReM Priority stops a batch kernel whose TBs finish during the drop
# (issue 12, docs/results-trem.md "Found by the study": "A TB start that matches no launched
# kernel instance").  b1's two TBs (one per SM) end about cycle 2,030; u arrives at 2,004,
# finds no room, and the policy revokes b1 (action replay) while both TBs are still running.
# The TBs then finish on kmusim's SIMT model during the drop; kmu_sm removes their done reports
# (a stopped kernel is never completed, docs/blocks/kmu_revoke.md), and b1 is replayed from
# TB 0 with the same kernel tag after u.  kmusim had released the tag at b1's last TB done (it
# expected a completion) and failed the replay's first TB start ("matches no launched kernel
# instance", cycle 2,347).  Not a hardware bug: kmusim (sim/kmusim/sim.c, inst_of) now maps
# the start to the instance still waiting for its completion and takes it as an automatic
# replay.  Expected to PASS now: both kernels complete, 1 automatic revocation.
# Run: scripts/kmusim --engine cosim workloads/hw/trem_done_race.wl (hardware engines only)
config small trem=priority
kernel b1 grid=2 tb=256 cycles=2000 host class=batch
kernel u  grid=2 tb=256 cycles=300 host prio=2 class=user
launch b1 at=10
launch u at=2004
