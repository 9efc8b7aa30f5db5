# unregistered.wl - one malformed line; scripts/kmusim_smoke.sh checks the message and exit code
# expect-exit: 2
# expect: :6: doorbell: 'e' has no register line before it
#
kernel e grid=1 tb=32 cycles=10 event
doorbell e at=0
