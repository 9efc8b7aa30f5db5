# policy_two.wl - two TB-level preemption policies in one combination; scripts/kmusim_smoke.sh
# checks the message and exit code
# expect-exit: 2
# expect: :5: config: policy=chimera+pep: at most one TB-level policy
config small policy=chimera+pep
kernel k grid=1 tb=32 cycles=10 host
launch k at=0
