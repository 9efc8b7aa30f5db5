# revoke_readmit.wl - a replayed kernel revoked again and again (issue 12 follow-up): kmu_kmu
# re-admits the replay in the very cycle it acknowledges kmu_revoke's free (cycle ~429 here);
# the replay runs again and must be revocable: every revoke below answers OK (kmusim fails a
# REVOKED answer for a replay whose new run has started).
# Run: scripts/kmusim --engine cosim workloads/hw/revoke_readmit.wl (hardware engines only)
config small
kernel a grid=40 tb=128 cycles=200 host
launch a at=0
revoke a at=400
revoke a at=440
revoke a at=600
revoke a at=1000
