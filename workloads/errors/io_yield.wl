# io_yield.wl - an unknown yield= value; scripts/kmusim_smoke.sh checks the message and exit code
# expect-exit: 2
# expect: :4: kernel 'k': yield=maybe (off, addr or spin)
kernel k grid=1 tb=32 cycles=10 host io=5 yield=maybe
launch k at=0
