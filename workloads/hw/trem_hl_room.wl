# trem_hl_room.wl - a host launch whose HL_CMD write was lost by kmusim's host (issue 12,
# docs/results-trem.md "Found by the study": "A host launch never accepted").  A launch is
# nine AXI-Lite writes (HL_* staging, HL_CMD), ten when HL_EST changes (it is written only
# when it differs from the last value).  kmusim reserved room for nine in its 64-entry write
# queue: six launches of a (est=50) queue 10 + 5 x 9 = 55 writes at cycle 10; at cycle 11,
# before any write response, b's launch (est=60, ten writes) found exactly nine free entries,
# was issued, and its HL_CMD was dropped (the push refused, unchecked).  b was never accepted,
# never ran, and the run stopped with no progress (in the study: W2 at load 0.5 seed 3 under
# Priority, the first u7_nw task issued at cycle 35,215 while seven launches released by one
# completion filled the queue).  Not a hardware bug: the front end never saw the write.
# Fixed in sim/kmusim/sim.c: a launch reserves ten entries, and a refused push is kmusim's own
# failure ("AXI write queue full").  Expected to PASS now; with the old reservation it fails
# (cycle 11, the HL_CMD at 0x2020 lost).
# Run: scripts/kmusim --engine c workloads/hw/trem_hl_room.wl (hardware engines only: the fake
# engine has no HL_EST)
config small
kernel a grid=1 tb=32 cycles=50 host est=50
kernel b grid=1 tb=32 cycles=50 host est=60
launch a at=10
launch a at=10
launch a at=10
launch a at=10
launch a at=10
launch a at=10
launch b at=11
