# config_device.wl - a configuration file that is not a regular file (config /dev/zero hung:
# NULs that never end a line); scripts/kmusim_smoke.sh checks the message and exit code
# expect-exit: 2
# expect: :5: config /dev/zero: not a regular file
config /dev/zero
kernel k grid=1 tb=32 cycles=10 host
launch k at=0
