# after_end.wl - one malformed line; scripts/kmusim_smoke.sh checks the message and exit code
# expect-exit: 2
# expect: :7: launch: after the end line
#
kernel k grid=1 tb=32 cycles=10 host
end at=100
launch k at=200
