# kmu_axil_slave harness: the default 16-bit register address space.
HARNESSES += kmu_axil_slave
kmu_axil_slave_TOP    := kmu_axil_slave
kmu_axil_slave_RTL    := $(RTL_kmu_axil_slave)
kmu_axil_slave_PARAMS := AW=16
kmu_axil_slave_TEST   := tb/test_kmu_axil_slave.c
kmu_axil_slave_C      := $(call rtl2c,$(RTL_kmu_axil_slave))
