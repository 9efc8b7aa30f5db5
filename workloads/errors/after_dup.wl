# after_dup.wl - labels are unique; scripts/kmusim_smoke.sh checks it
# expect-exit: 2
# expect: :7: copy: name=up already labels line 6
#
kernel k grid=1 tb=32 cycles=10 host
copy bytes=64 dir=h2d at=0 name=up
copy bytes=64 dir=h2d at=0 name=up
launch k at=0 after=up
