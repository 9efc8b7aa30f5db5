# long_dims.wl - a grid= value longer than the parser's 63-character buffer (it was truncated
# silently: this grid read as 2 instead of 2,3); scripts/kmusim_smoke.sh checks message and exit
# expect-exit: 2
# expect: :6: grid=000000000000000000000000000000000000000000000000000000000000002,3: longer than 63 characters
#
kernel k grid=000000000000000000000000000000000000000000000000000000000000002,3 tb=32 cycles=10 host
launch k at=0
