# io_range.wl - an I/O latency out of range; scripts/kmusim_smoke.sh checks the message and exit code
# expect-exit: 2
# expect: :5: io=1000000001: out of range 0..1000000000
kernel ok grid=1 tb=32 cycles=10 host io=1000000000
kernel k grid=1 tb=32 cycles=10 host io=1000000001
launch ok at=0
