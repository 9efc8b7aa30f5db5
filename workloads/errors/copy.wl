# copy.wl - one line the engine cannot run; scripts/kmusim_smoke.sh checks the message and exit
# code on the fake engine, which has no copy window (the hardware engines run copies)
# expect-exit: 3
# expect: :8: copy: copies are not supported by this engine
#
kernel k grid=1 tb=32 cycles=10 host
launch k at=0
copy bytes=4096 dir=h2d prio=2 at=5
