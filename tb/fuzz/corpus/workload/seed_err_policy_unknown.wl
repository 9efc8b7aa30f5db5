# policy_unknown.wl - a preemption policy that does not exist; scripts/kmusim_smoke.sh checks
# the message and exit code
# expect-exit: 2
# expect: :5: config: policy=pep+swap: unknown policy 'swap'
config small policy=pep+swap
kernel k grid=1 tb=32 cycles=10 host
launch k at=0
