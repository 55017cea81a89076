/* cpu.h - the one place that decides which CPU paths the generators take.
 *
 * A kernel with a SIMD twin is written once in plain C and once with x86-64
 * intrinsics; every such kernel asks cpu_uses() which to run, and nothing
 * else looks at the CPU.  Two decisions, both made here:
 *
 *  - at compile time, CPU_SIMD: 1 where the build has the x86-64 SIMD paths
 *    (GCC or Clang for x86-64, meson -Dsimd=auto, the default), 0 for
 *    -Dsimd=none (which defines DRLSIM_SIMD_NONE) or any other target.  Only
 *    the SIMD kernels sit under `#if CPU_SIMD`; the plain ones are always
 *    compiled, so the plain build runs exactly the code the fast build falls
 *    back to.
 *  - at run time, the path in force: the best one the CPU has (looked up
 *    once at startup), or the one a test or `drlsim bench --cpu` forced.
 *
 * The paths are ordered: CPU_SSE2 (every x86-64 CPU), CPU_AVX2 (AVX2 with
 * BMI2 and POPCNT, as every CPU with AVX2 has them), then CPU_BMI2: the
 * same where PDEP and PEXT are fast (not on AMD before Zen 3, where they
 * are microcoded, hundreds of cycles).  Every path produces the same levels
 * bit for bit; tests force each one in turn (tests/test_normal.c,
 * tests/test_reference.c) to hold them to that.
 */
#ifndef DRLSIM_CPU_H
#define DRLSIM_CPU_H

#include <stdbool.h>

#include "grid.h"

#if !defined(DRLSIM_SIMD_NONE) && defined(__x86_64__) && defined(__GNUC__)
#define CPU_SIMD 1
#include <immintrin.h>
/* The attribute of an AVX2 kernel: compiled for AVX2, BMI2 and POPCNT (the
 * rest of the binary stays baseline x86-64), run only under CPU_AVX2 or
 * CPU_BMI2. */
#define CPU_AVX2_FN __attribute__((target("avx2,bmi2,popcnt")))
#else
#define CPU_SIMD 0
#endif

typedef enum cpu_path { CPU_PLAIN = 0, CPU_SSE2, CPU_AVX2, CPU_BMI2, CPU__COUNT } cpu_path_t;

/* The path in force (read by cpu_uses; set by cpu.c only). */
extern cpu_path_t cpu_path_in_force;

/* Whether the kernels take path p's code (p or a faster path is in force). */
static inline bool cpu_uses(cpu_path_t p)
{
    return cpu_path_in_force >= p;
}

/* The cells of bit row r: by the POPCNT instruction where the caller is
 * compiled for it (hw true only inside a CPU_AVX2_FN function), else by
 * bitrow_popcount (the baseline target has no POPCNT).  Inline, so that
 * each caller's two bodies (the CPU_AVX2_FN one and the plain one) each
 * get their own. */
static inline __attribute__((always_inline)) int cpu_bitrow_cells(bitrow_t r, bool hw)
{
#if CPU_SIMD
    if (hw)
        return __builtin_popcountll((unsigned long long)r) +
               __builtin_popcountll((unsigned long long)(r >> 64));
#endif
    (void)hw;
    return bitrow_popcount(r);
}

/* The best path this build and this CPU have. */
cpu_path_t cpu_best(void);

/* The path in force. */
cpu_path_t cpu_path(void);

/* Force path p (at most cpu_best(): a path the CPU lacks is never taken)
 * and return the path that was in force.  A plain global: call it only
 * while no thread is generating. */
cpu_path_t cpu_force(cpu_path_t p);

/* "plain", "sse2", "avx2", "bmi2"; and back (-1 for an unknown name). */
const char *cpu_path_name(cpu_path_t p);
int cpu_path_from_name(const char *name);

#endif
