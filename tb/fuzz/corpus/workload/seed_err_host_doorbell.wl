# host_doorbell.wl - one malformed line; scripts/kmusim_smoke.sh checks the message and exit code
# expect-exit: 2
# expect: :6: doorbell: 'k' is a host kernel (use launch)
#
kernel k grid=1 tb=32 cycles=10 host
doorbell k at=0
