# after_unknown.wl - one malformed line; scripts/kmusim_smoke.sh checks the message and exit code
# expect-exit: 2
# expect: :6: after=upload: unknown name (no launch or copy line has name=upload)
#
kernel k grid=1 tb=32 cycles=10 host
launch k at=0 after=upload
