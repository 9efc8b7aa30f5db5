# unknown_kernel.wl - one malformed line; scripts/kmusim_smoke.sh checks the message and exit code
# expect-exit: 2
# expect: :6: launch: unknown kernel 'kk'
#
kernel k grid=1 tb=32 cycles=10 host
launch kk at=0
