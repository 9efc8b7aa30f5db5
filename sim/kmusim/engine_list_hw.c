/* engine_list_hw.c - the engines of the full kmusim binary: the C model first (default),
 * the Verilated RTL, both in lockstep, and the test double. */
#include "engine.h"

extern const kmusim_engine_ops kmusim_engine_c, kmusim_engine_rtl, kmusim_engine_cosim,
    kmusim_engine_fake;
const kmusim_engine_ops *const kmusim_engines[] = {&kmusim_engine_c, &kmusim_engine_rtl,
                                                   &kmusim_engine_cosim, &kmusim_engine_fake,
                                                   NULL};
