# preempt.wl - TB-level preemption on every SM at once: a low-priority kernel whose long TBs
# fill both SMs of the small configuration and write back registers, and a high-priority kernel
# that arrives again and again, each launch announced by a hint.  scripts/test_kmu_gpu_cosim.sh
# runs it under every preempting policy (--policy); the restores' register and shared-memory
# read-back in kmusim's SMs is what catches a context saved to the wrong place.
config small policy=pep deadline=100

kernel bg   grid=60 tb=128 regs=8 shmem=4096 cycles=3000 prio=0 host wb=600 loads=10
kernel hp   grid=2  tb=128 regs=8 cycles=150 prio=3 host
kernel ev   grid=1  tb=32  regs=8 cycles=80  prio=3 event ring=4 maxinf=2

register ev at=0
launch bg at=10
hint   hp at=1500 lead=500 count=8 every=2300
launch hp at=2000 count=8 every=2300
doorbell ev at=2600 count=8 every=2300
