# unknown_arg.wl - one malformed line; scripts/kmusim_smoke.sh checks the message and exit code
# expect-exit: 2
# expect: :5: kernel: unknown argument 'colour='
#
kernel k grid=1 tb=32 cycles=10 colour=red host
launch k at=0
