# bench: a multi-warp high-priority host kernel on a busy GPU, announced by a launch hint
# (PEP 3.3) 1,000 cycles ahead; run under drain, chimera, chimera_dirty, pep and pep_inplace.
# The background TBs run 4,000 cycles and write back registers at a moderate rate.
config small
kernel bg   grid=400 tb=128 regs=8 cycles=4000 prio=0 host wb=150 loads=20
kernel hk   grid=2 tb=128 regs=8 cycles=200 prio=3 host
launch bg at=10
hint hk at=2000 lead=1000 count=20 every=3700
launch hk at=3000 count=20 every=3700
