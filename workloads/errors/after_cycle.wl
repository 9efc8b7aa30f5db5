# after_cycle.wl - a chain that comes back to its start; scripts/kmusim_smoke.sh checks it
# expect-exit: 2
# expect: :6: after=down: a dependency cycle (line 6 -> line 8 -> line 7 -> line 6)
#
kernel k grid=1 tb=32 cycles=10 host
copy bytes=64 dir=h2d at=0 name=up after=down
launch k at=0 name=run after=up
copy bytes=64 dir=d2h at=0 name=down after=run
