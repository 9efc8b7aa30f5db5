# after_forward.wl - after= must name an earlier statement; scripts/kmusim_smoke.sh checks it
# expect-exit: 2
# expect: :6: after=up is a forward reference: 'up' labels line 7, later in the file
#
kernel k grid=1 tb=32 cycles=10 host
launch k at=0 after=up
copy bytes=64 dir=h2d at=0 name=up
