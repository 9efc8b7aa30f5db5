/* kmusim_c_engines.c - the engine list of kmusim-small-c-san (mk/fuzz.mk): the C model of the
 * small build and the test double, without the Verilated RTL, so that the whole of kmusim and
 * the system C model can be built with ASan + UBSan by a plain C compiler.  engine_hw.c names
 * the RTL's operations (kmu_gpu_dut_ops); no engine listed here uses them, so they are empty. */
#include "engine.h"
#include "kmu_tb.h"

extern const kmusim_engine_ops kmusim_engine_c, kmusim_engine_fake;
const kmusim_engine_ops *const kmusim_engines[] = {&kmusim_engine_c, &kmusim_engine_fake, NULL};
const kmu_dut_ops kmu_gpu_dut_ops = {0};
