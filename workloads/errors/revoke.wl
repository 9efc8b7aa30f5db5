# revoke.wl - a revoke on the fake test double (no TReM window); scripts/kmusim_smoke.sh checks
# the message and exit code (the hardware engines c, rtl and cosim run it)
# expect-exit: 3
# expect: :7: revoke: revokes are not supported by this engine
kernel k grid=1 tb=32 cycles=10 host
launch k at=0
revoke k at=5
