# dup_key.wl - one malformed line; scripts/kmusim_smoke.sh checks the message and exit code
# expect-exit: 2
# expect: :5: grid= given twice
#
kernel k grid=1 tb=32 grid=2 cycles=10 host
launch k at=0
