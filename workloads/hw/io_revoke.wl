# io_revoke.wl - GPUpIO with TReM: a revocation of an I/O kernel while its two TBs are yielded
# (saved, evicted, in the watch table).  The drop forgets them (never restored); with the
# default action=replay the kernel runs again from TB 0 (scripts/test_kmusim_io.sh also runs it
# with action=retire).  Their watch entries leave by the device's later signal, which the SM
# refuses (wk_err_o, docs/blocks/kmu_sm.md "Yield").  kmusim's scoreboard: wakeups +
# yields_dropped = yields, every other TReM check as usual.
config small
kernel cmp grid=16 tb=128 cycles=1500 host
kernel io grid=2 tb=64 cycles=300 host io=3000 rounds=2 yield=addr
launch io at=5
launch cmp at=15
revoke io at=1500
