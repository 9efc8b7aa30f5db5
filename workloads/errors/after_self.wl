# after_self.wl - a statement waiting for itself; scripts/kmusim_smoke.sh checks it
# expect-exit: 2
# expect: :6: launch: after=run names this statement itself: a dependency cycle
#
kernel k grid=1 tb=32 cycles=10 host
launch k at=0 name=run after=run
