# prio.wl - one malformed line; scripts/kmusim_smoke.sh checks the message and exit code
# expect-exit: 2
# expect: :5: prio=4: out of range 0..3
#
kernel k grid=1 tb=32 cycles=10 prio=4 host
launch k at=0
