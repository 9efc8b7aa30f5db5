# job_chain.wl - RGEM jobs (upload -> kernel -> download) chained with name= / after=
# (docs/workload-format.md "Chaining"); the hardware engines only (the fake has no copy window).
# scripts/kmusim_smoke.sh runs it on engines c, rtl and cosim and checks every chained
# statement is issued after its predecessor's completion and that a later copy passes a
# download waiting for its kernel.
config small mem_latency=2 link_latency=2 rgem=1
kernel hi grid=8 tb=32 cycles=600 host prio=1
kernel lo grid=8 tb=32 cycles=900 host prio=0
copy   bytes=2048 dir=h2d prio=1 at=0  name=hi_up
copy   bytes=2048 dir=h2d prio=0 at=0  name=lo_up
launch hi at=0 name=hi_run after=hi_up
launch lo at=0 name=lo_run after=lo_up
copy   bytes=1024 dir=d2h prio=1 at=0  after=hi_run
copy   bytes=1024 dir=d2h prio=0 at=0  after=lo_run
copy   bytes=256  dir=h2d prio=0 at=40
