# revoke_event.wl - one malformed line; scripts/kmusim_smoke.sh checks the message and exit code
# expect-exit: 2
# expect: :7: revoke: 'e' is an event kernel
kernel e grid=1 tb=32 cycles=10 event
register e at=0
doorbell e at=10
revoke e at=50
