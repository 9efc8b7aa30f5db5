# maxinf.wl - one malformed line; scripts/kmusim_smoke.sh checks the message and exit code
# expect-exit: 2
# expect: :5: kernel 'e': maxinf=9 is more than ring=8
#
kernel e grid=1 tb=32 cycles=10 event ring=8 maxinf=9
register e at=0
doorbell e at=1
