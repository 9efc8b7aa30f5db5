# after_kind.wl - only launch and copy lines chain; scripts/kmusim_smoke.sh checks it
# expect-exit: 2
# expect: :7: doorbell: name= and after= are for launch and copy lines
#
kernel e grid=1 tb=32 cycles=10 event
register e at=0
doorbell e at=0 name=ring
