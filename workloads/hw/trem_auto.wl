# trem_auto.wl - TReM's automatic policies (issue 12, docs/blocks/kmu_trem_policy.md): a GPU
# full of batch work (every SM's warps held by batch TBs), user-facing kernels arriving on it.
# Under trem=priority each arrival that finds no room revokes (and replays) the most recently
# started batch kernel; run with --trem elastic, kmu_elastic's U SMs (SLA 1000 cycles, timer 64)
# are set aside for user-facing work and a ROOM_EL request revokes a batch kernel on them.
# kmusim's scoreboard sees the automatic replays only from the SMs (their dropped TBs evicted,
# TB 0 started again): every TB of every kernel completes exactly once per run.
# Run: scripts/kmusim --engine cosim workloads/hw/trem_auto.wl [--trem elastic] (hardware only)
config small trem=priority sla=1000 period=64
kernel b1 grid=12 tb=256 cycles=1500 host class=batch
kernel b2 grid=12 tb=256 cycles=1200 host class=batch jitter=20
kernel u  grid=2 tb=256 cycles=300 host prio=2 class=user
launch b1 at=0
launch b2 at=50
launch u at=2000
launch u at=9000
