/* engine_list_c.c - the engines of the C-only builds: the system C model (default) and the test
 * double, without the Verilated RTL, so that kmusim and the system C model build with a plain C
 * compiler in seconds: build/bin/kmusim-paper-c (sim/kmusim/kmusim.mk, the studies that run
 * engine c) and build/bin/kmusim-small-c-san (mk/fuzz.mk, ASan + UBSan).  Such a binary refuses
 * --engine rtl or cosim ("not built into this binary", kmusim.c).  engine_hw.c names the RTL's
 * operations (kmu_gpu_dut_ops); no engine listed here uses them, so they are empty. */
#include "engine.h"
#include "kmu_tb.h"

extern const kmusim_engine_ops kmusim_engine_c, kmusim_engine_fake;
const kmusim_engine_ops *const kmusim_engines[] = {&kmusim_engine_c, &kmusim_engine_fake, NULL};
const kmu_dut_ops kmu_gpu_dut_ops = {0};
