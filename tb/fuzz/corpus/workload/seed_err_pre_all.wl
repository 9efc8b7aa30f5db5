# pre_all.wl - pre_all is the one-bit PRE_CTRL.ALL: 2 would be shifted into the bit above it
# (bit 11) instead of being refused; scripts/kmusim_smoke.sh checks the message and exit code
# expect-exit: 2
# expect: :5: config: pre_all=2: preempt every candidate SM at once (PRE_CTRL.ALL) out of range 0..1
config small policy=pep pre_all=2
kernel k grid=1 tb=32 cycles=10 host
launch k at=0
