# no_fit.wl - one malformed line; scripts/kmusim_smoke.sh checks the message and exit code
# expect-exit: 2
# expect: :6: kernel 'big' can never run on config small: a TB needs 16 warps, an SM has 8
#
config small
kernel big grid=1 tb=512 cycles=10 host
launch big at=0
