# io_race.wl - GPUpIO: I/O completing 0..3 cycles after the request, so that the device's
# YIELD_SIGNAL write races the TB's yield (issue 13 item 3, atomic check-and-sleep): io=0 never
# yields (the flag is there at once), io=1..3 yield in the cycles around the write.  A compute
# kernel keeps other work waiting so that yields are taken; jitter spreads the offsets.  The
# scoreboards (scripts/test_kmusim_io.sh, several seeds): no lost wake-up, every taken yield
# restored exactly once, every TB done once, the YIELD_* counters equal to the answers seen.
config small
kernel cmp grid=48 tb=128 cycles=700 host jitter=30
kernel r0 grid=2 tb=64 cycles=150 host io=0 rounds=20 yield=addr jitter=50
kernel r1 grid=2 tb=64 cycles=150 host io=1 rounds=20 yield=addr jitter=50
kernel r2 grid=2 tb=64 cycles=150 host io=2 rounds=20 yield=addr jitter=50
kernel r3 grid=2 tb=64 cycles=150 host io=3 rounds=20 yield=addr jitter=50 wb=20
launch cmp at=10
launch r0 at=20
launch r1 at=30
launch r2 at=40
launch r3 at=50
