/* Minimal checking for host-only C tests (no Verilator model): count, print the first
 * failures, end with "N passed, N failed". */
#ifndef VGIW_TEST_UTIL_H
#define VGIW_TEST_UTIL_H

#include <inttypes.h>
#include <stdio.h>

static unsigned long test_pass, test_fail;

#define EXPECT(cond, ...)                                                    \
    do {                                                                     \
        if (cond) {                                                          \
            test_pass++;                                                     \
        } else {                                                             \
            if (++test_fail <= 20) {                                         \
                printf("%s:%d: FAILED: ", __FILE__, __LINE__);               \
                printf(__VA_ARGS__);                                         \
                putchar('\n');                                               \
            }                                                                \
        }                                                                    \
    } while (0)

#define EXPECT_EQ_U32(got, exp, what)                                        \
    EXPECT((uint32_t)(got) == (uint32_t)(exp), "%s: got 0x%08" PRIx32 ", expected 0x%08" PRIx32, \
           what, (uint32_t)(got), (uint32_t)(exp))

static inline int test_report(const char *name)
{
    printf("%s: %s\n", name, test_fail == 0 && test_pass > 0 ? "PASSED" : "FAILED");
    printf("%lu passed, %lu failed\n", test_pass, test_fail);
    return test_fail == 0 && test_pass > 0 ? 0 : 1;
}

#endif
