# revoke_action.wl - one malformed line; scripts/kmusim_smoke.sh checks the message and exit code
# expect-exit: 2
# expect: :6: revoke: action=kill: expected replay or retire
kernel k grid=1 tb=32 cycles=10 host
launch k at=0
revoke k at=5 action=kill
