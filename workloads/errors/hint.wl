# hint.wl - a launch hint on the fake engine, which has no PRE_HINT register; scripts/kmusim_smoke.sh checks the message and exit code
# expect-exit: 3
# expect: :7: hint: launch hints are not supported by this engine
#
kernel k grid=1 tb=32 cycles=10 host
launch k at=0
hint k at=5 lead=100
