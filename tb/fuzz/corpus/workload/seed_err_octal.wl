# octal.wl - numbers with a leading zero are decimal (ring=010000 was read as octal 4096 and
# accepted); scripts/kmusim_smoke.sh checks the message and exit code
# expect-exit: 2
# expect: :5: ring=010000: out of range 1..4096
kernel k grid=1 tb=32 cycles=10 event ring=010000
register k at=0
doorbell k at=10
