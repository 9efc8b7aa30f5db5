# time_order.wl - one malformed line; scripts/kmusim_smoke.sh checks the message and exit code
# expect-exit: 2
# expect: :7: launch at=50 is before the previous event (at=100, line 6)
#
kernel k grid=1 tb=32 cycles=10 host
launch k at=100
launch k at=50
