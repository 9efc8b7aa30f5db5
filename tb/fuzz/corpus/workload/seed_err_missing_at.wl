# missing_at.wl - one malformed line; scripts/kmusim_smoke.sh checks the message and exit code
# expect-exit: 2
# expect: :6: missing at=
#
kernel k grid=1 tb=32 cycles=10 host
launch k count=2
