/* cpu.c - the CPU path decision of cpu.h: looked up once, forced by tests. */
#include "cpu.h"

#include <string.h>

cpu_path_t cpu_path_in_force = CPU_PLAIN;

static const char *const PATH_NAMES[CPU__COUNT] = {
    [CPU_PLAIN] = "plain", [CPU_SSE2] = "sse2", [CPU_AVX2] = "avx2", [CPU_BMI2] = "bmi2"};

cpu_path_t cpu_best(void)
{
#if CPU_SIMD
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("bmi2") ||
        !__builtin_cpu_supports("popcnt"))
        return CPU_SSE2;
    /* PDEP and PEXT are microcoded on AMD families 10h-17h (before Zen 3) */
    if (__builtin_cpu_is("amdfam10h") || __builtin_cpu_is("amdfam15h") ||
        __builtin_cpu_is("amdfam17h"))
        return CPU_AVX2;
    return CPU_BMI2;
    return CPU_SSE2; /* every x86-64 CPU has SSE2 */
#else
    return CPU_PLAIN;
#endif
}

/* Before main: the best path.  (A kernel run before this, by another
 * constructor, takes the plain path, which gives the same results.) */
__attribute__((constructor)) static void cpu_decide(void)
{
    cpu_path_in_force = cpu_best();
}

cpu_path_t cpu_path(void)
{
    return cpu_path_in_force;
}

cpu_path_t cpu_force(cpu_path_t p)
{
    const cpu_path_t was = cpu_path_in_force, best = cpu_best();
    cpu_path_in_force = p < CPU_PLAIN ? CPU_PLAIN : p > best ? best : p;
    return was;
}

const char *cpu_path_name(cpu_path_t p)
{
    return p >= CPU_PLAIN && p < CPU__COUNT ? PATH_NAMES[p] : "?";
}

int cpu_path_from_name(const char *name)
{
    for (int p = 0; p < CPU__COUNT; p++)
        if (strcmp(name, PATH_NAMES[p]) == 0)
            return p;
    return -1;
}
