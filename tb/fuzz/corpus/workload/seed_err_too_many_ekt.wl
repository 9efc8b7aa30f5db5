# too_many_ekt.wl - one malformed line; scripts/kmusim_smoke.sh checks the message and exit code
# expect-exit: 2
# expect: :11: register: more event kernels than EKT entries (2) in config small
#
config small ekt_entries=2
kernel a grid=1 tb=32 cycles=10 event
kernel b grid=1 tb=32 cycles=10 event
kernel c grid=1 tb=32 cycles=10 event
register a at=0
register b at=0
register c at=0
doorbell a at=1
