# class_event.wl - one malformed line; scripts/kmusim_smoke.sh checks the message and exit code
# expect-exit: 2
# expect: :5: kernel 'e': class= and est= are for host kernels (an event kernel is class user)
#
kernel e grid=1 tb=32 cycles=10 event est=100
register e at=0
doorbell e at=1
