# revoke.wl - one malformed line; scripts/kmusim_smoke.sh checks the message and exit code
# expect-exit: 3
# expect: :7: revoke: revokes are not supported yet
#
kernel k grid=1 tb=32 cycles=10 host
launch k at=0
revoke k at=5
