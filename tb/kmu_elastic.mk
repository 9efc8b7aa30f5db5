# kmu_elastic harnesses: the small system (2 SMs) and the paper's (16 SMs); q 8 bits, time 32 bits.
ELASTIC_RTL := $(RTL_kmu_elastic)
ELASTIC_C   := $(call rtl2c,$(RTL_kmu_elastic))
HARNESSES += kmu_elastic kmu_elastic_paper
kmu_elastic_TOP          := kmu_elastic
kmu_elastic_RTL          := $(ELASTIC_RTL)
kmu_elastic_PARAMS       := NSM=2 QW=8 TW=32
kmu_elastic_TEST         := tb/test_kmu_elastic.c
kmu_elastic_C            := $(ELASTIC_C)
kmu_elastic_paper_TOP    := kmu_elastic
kmu_elastic_paper_RTL    := $(ELASTIC_RTL)
kmu_elastic_paper_PARAMS := NSM=16 QW=8 TW=32
kmu_elastic_paper_TEST   := tb/test_kmu_elastic.c
kmu_elastic_paper_C      := $(ELASTIC_C)
