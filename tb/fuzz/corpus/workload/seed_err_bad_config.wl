# bad_config.wl - one malformed line; scripts/kmusim_smoke.sh checks the message and exit code
# expect-exit: 2
# expect: :5: config huge: not small, fpga, paper or a readable file
#
config huge
kernel k grid=1 tb=32 cycles=10 host
launch k at=0
