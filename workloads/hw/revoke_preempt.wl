# revoke_preempt.wl - TReM revocations of kernels whose TBs are being preempted (issue 12):
# long low-priority TBs, a high-priority kernel that switches them out (pep here; the cosim
# test also runs it under chimera), and one revoke per low-priority kernel while its TBs are
# paused, being saved, switched out waiting for their restore, or being restored.  kmusim's
# scoreboard: every dropped TB is one started and not done, none is ever restored, a replay
# runs every TB once, a retired kernel never completes.  Hardware engines only (the fake has
# no TReM window).
config small policy=pep deadline=100

kernel bga  grid=4  tb=128 regs=8 shmem=4096 cycles=3000 prio=0 host wb=600 loads=10
kernel bgb  grid=4  tb=128 regs=8 shmem=4096 cycles=3000 prio=0 host wb=600 loads=10
kernel bgc  grid=4  tb=128 regs=8 shmem=4096 cycles=3000 prio=0 host wb=600 loads=10
kernel bgd  grid=4  tb=128 regs=8 shmem=4096 cycles=3000 prio=0 host wb=600 loads=10
kernel hp   grid=2  tb=128 regs=8 cycles=400 prio=3 host

launch bga at=10
launch bgb at=10
launch bgc at=10
launch bgd at=10
launch hp at=2000 count=8 every=1500
revoke bga at=2015 action=retire
revoke bgb at=3560
revoke bgc at=5300 action=retire
revoke bgd at=6520
