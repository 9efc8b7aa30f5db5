/* engine_list_fake.c - the engines of the kmusim-fake binary: only the test double.  The
 * full build lists c (default), rtl, cosim and fake in its own list file. */
#include "engine.h"

extern const kmusim_engine_ops kmusim_engine_fake;
const kmusim_engine_ops *const kmusim_engines[] = {&kmusim_engine_fake, NULL};
