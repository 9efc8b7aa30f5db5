/* kmu_gpu_check.h - the CHECK of the system-level directed tests on the kmu_gpu C model
 * (tb/test_kmu_gpu_yield.c, tb/test_kmu_gpu_trem.c), kept in one place.  Not in tb/common:
 * a header there is a dependency of every harness.
 *
 * The including file defines KMU_GPU_CHECK_SUITE (its name in the FAIL lines, a string
 * literal) first; each test is a function returning int with a `const char *test` (its name)
 * in scope.  A failed CHECK prints "FAIL <suite>.<test>: <message>", counts it in n_fail and
 * returns 0 from that test (the test's remaining steps would only report follow-on errors). */
#ifndef KMU_GPU_CHECK_H
#define KMU_GPU_CHECK_H

#include <stdio.h>

#ifndef KMU_GPU_CHECK_SUITE
#error "define KMU_GPU_CHECK_SUITE (the test program's name) before including kmu_gpu_check.h"
#endif

static unsigned n_fail;

#define CHECK(cond, ...)                                   \
  do {                                                     \
    if (!(cond)) {                                         \
      printf("FAIL " KMU_GPU_CHECK_SUITE ".%s: ", test);   \
      printf(__VA_ARGS__);                                 \
      printf("\n");                                        \
      n_fail++;                                            \
      return 0;                                            \
    }                                                      \
  } while (0)

#endif
