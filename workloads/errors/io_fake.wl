# io_fake.wl - I/O thread blocks on the fake test double (no SIMT yield ports);
# scripts/kmusim_smoke.sh checks the message and exit code (the hardware engines c, rtl and
# cosim run it: workloads/hw/io_*.wl)
# expect-exit: 3
# expect: :7: kernel 'k': io= (I/O thread blocks) is not supported by this engine
kernel c grid=1 tb=32 cycles=10 host
kernel k grid=1 tb=32 cycles=10 host io=100 rounds=2 yield=addr
launch k at=0
