# copy.wl - one malformed line; scripts/kmusim_smoke.sh checks the message and exit code
# expect-exit: 3
# expect: :7: copy: copies are not supported yet
#
kernel k grid=1 tb=32 cycles=10 host
launch k at=0
copy bytes=4096 dir=h2d prio=2 at=5
