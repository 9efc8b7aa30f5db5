# regs.wl - one malformed line; scripts/kmusim_smoke.sh checks the message and exit code
# expect-exit: 2
# expect: :5: regs=256: out of range 1..255
#
kernel k grid=1 tb=32 cycles=10 regs=256 host
launch k at=0
