# revoke.wl - TReM revocations (issue 12, docs/workload-format.md "Revocations"): a batch
# kernel revoked and replayed while it runs, a user-facing one retired, requests before a
# launch (UNKNOWN), while a replay waits in the pool (REVOKED) and after a retire (REVOKED).
# Run: scripts/kmusim --engine cosim workloads/hw/revoke.wl (hardware engines only:
# the fake test double has no TReM window) (any policy: --policy pep ...)
config small
kernel batch grid=40 tb=128 cycles=200 host loads=20 jitter=20
kernel user  grid=12 tb=64 cycles=500 host prio=2 class=user
kernel big   grid=6 tb=256 cycles=300 host shmem=4096
revoke batch at=0
launch batch at=5
revoke batch at=6
revoke batch at=7 action=replay
launch big at=20
launch user at=100
revoke big at=120 action=retire
revoke batch at=300
revoke big at=310
revoke user at=800 action=retire
launch batch at=900
revoke batch at=1400 action=retire
revoke batch at=1415
