# bad_keyword.wl - one malformed line; scripts/kmusim_smoke.sh checks the message and exit code
# expect-exit: 2
# expect: :5: unknown keyword 'kernal'
#
kernal k grid=1 tb=32 cycles=10 host
