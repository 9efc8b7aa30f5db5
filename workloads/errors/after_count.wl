# after_count.wl - name= and after= are for single statements; scripts/kmusim_smoke.sh checks it
# expect-exit: 2
# expect: :7: launch: name= and after= are for single statements (count=1), this one has count=3
#
kernel k grid=1 tb=32 cycles=10 host
copy bytes=64 dir=h2d at=0 name=up
launch k at=0 after=up count=3 every=100
