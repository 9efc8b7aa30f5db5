# trem_victim.wl - TReM Priority's victim must be a kernel that runs somewhere (issue 12,
# docs/blocks/kmu_revoke.md "Started"): two batch kernels, one TB each of 256 threads (a TB fills
# an SM's 8 warp slots), fill the 2 SMs; a third batch kernel is admitted into a slot but waits
# for an SM; a user-facing kernel then arrives and finds no room.  The victim is the most
# recently STARTED batch kernel (b2, its TB dropped and replayed), so the user-facing kernel
# starts about a hundred cycles after its arrival.  Before the fix the victim was the most
# recently ADMITTED one (b3, no TB taken): the revocation answered OK, freed nothing, and the
# user-facing kernel waited for b1 to finish (its first TB 17,025 cycles after its launch,
# against 28 now; measured with the mutant revoke_both_unstarted built into kmusim-small).  The small-configuration
# analogue of docs/results-trem.md "Found by the study" (paper: 5,092 against 30,057 cycles).
# Run: scripts/kmusim --engine cosim workloads/hw/trem_victim.wl (hardware engines only)
config small trem=priority
kernel b1 grid=1 tb=256 cycles=20000 host class=batch
kernel b2 grid=1 tb=256 cycles=20000 host class=batch
kernel b3 grid=1 tb=256 cycles=2000 host class=batch
kernel u  grid=2 tb=64 cycles=300 host prio=2 class=user
launch b1 at=10
launch b2 at=20
launch b3 at=100
launch u at=3000
