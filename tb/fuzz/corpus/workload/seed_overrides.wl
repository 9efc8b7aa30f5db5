#policy pep+warp
#config fpga
kernel k grid=2 tb=32 cycles=10 host
launch k at=0 count=3 every=0x10
end at=1k
