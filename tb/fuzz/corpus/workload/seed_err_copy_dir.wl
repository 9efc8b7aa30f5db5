# copy_dir.wl - one malformed line; scripts/kmusim_smoke.sh checks the message and exit code
# expect-exit: 2
# expect: :5: copy: dir=h2d or dir=d2h required
#
copy bytes=4096 dir=sideways at=5
