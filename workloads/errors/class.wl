# class.wl - one malformed line; scripts/kmusim_smoke.sh checks the message and exit code
# expect-exit: 2
# expect: :5: kernel 'k': class=urgent (user or batch)
#
kernel k grid=1 tb=32 cycles=10 host class=urgent
launch k at=0
