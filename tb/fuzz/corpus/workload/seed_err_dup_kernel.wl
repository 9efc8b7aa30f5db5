# dup_kernel.wl - one malformed line; scripts/kmusim_smoke.sh checks the message and exit code
# expect-exit: 2
# expect: :6: kernel 'k' already defined at line 5
#
kernel k grid=1 tb=32 cycles=10 host
kernel k grid=2 tb=32 cycles=10 host
launch k at=0
