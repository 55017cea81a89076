/* cmd_bench.c - `drlsim bench`: levels per second, per type, layout vs full.
 *
 * Each measurement runs the real driver (generation and tally) on a fixed
 * job for about --seconds, after a calibration run that also warms caches;
 * it is repeated --reps times and the median and the spread (min, max) are
 * reported.  Each run also measures levels per second of the process's CPU
 * time (all its threads summed): printed for the one-thread runs, where it
 * is the steadier figure on a shared or virtual machine (time spent waiting
 * for a core is not in it), and in the JSON for both.  One-thread runs count retired
 * instructions per level via perf_event_open where the kernel allows it (a
 * count, unlike time, does not depend on what else the machine is doing).
 */
#define _DEFAULT_SOURCE /* syscall(2) for perf_event_open */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifdef __linux__
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#endif

#include <omp.h>

#include "cli.h"
#include "cpu.h"
#include "commands.h"
#include "data.h"
#include "driver.h"
#include "opts.h"
#include "outfile.h"
#include "report.h"
#include "tables.h"

#define BENCH_DEFAULT_SECONDS 1.0
#define BENCH_DEFAULT_REPS 5
#define BENCH_DEFAULT_DLEVEL 12 /* the reference dlevel */
#define BENCH_CALIBRATE_LEVELS 2048
#define BENCH_ALL_TYPES (-2) /* --type all */
#define BENCH_MAX_REPS 64     /* measure()'s arrays */

static void usage(FILE *out)
{
    fprintf(out,
            "usage: drlsim bench [--type T|all] [--seconds S] [--threads K] [--reps R]\n"
            "                    [--dlevel N] [--json FILE] [--rules NAME] [--style ID]\n"
            "                    [--data DIR]\n"
            "                    [--cpu PATH] [--observer] [--steps]\n"
            "\n"
            "Measure generation speed: for each level type, the layout alone (as `drlsim\n"
            "rooms` makes it, with its tally) and the full level (water, population, the\n"
            "observer and tally), in levels/second on one thread and on K threads, the\n"
            "scaling ratio, levels per second of CPU time on one thread (steadier than\n"
            "wall time on a shared machine), and instructions per level on one thread\n"
            "where perf counters are available.  Medians of R repetitions after a\n"
            "warm-up, with the spread.\n"
            "\n"
            "  --type T      one type or all (default all)\n"
            "  --seconds S   time per repetition (default %.1f)\n"
            "  --threads K   the multi-thread measurement's threads (default:\n"
            "                OMP_NUM_THREADS if set, else all cores)\n"
            "  --reps R      repetitions per measurement (default %d)\n"
            "  --dlevel N    dlevel of the levels (default %d)\n"
            "  --json FILE   also write the results as JSON\n"
            "  --rules NAME  the ruleset (docs/rulesets.md): wiki-0.9.9.3 (default),\n"
            "                game-0.9.9.7 or game-0.10.10b\n"
            "  --style ID    the levels' style (default: the episode's at the dlevel)\n"
            "  --data DIR    read rule tables from DIR instead of the built-in data/\n"
            "  --cpu PATH    the code paths: plain, sse2, avx2 or bmi2 (default: the best\n"
            "                this CPU and build have); every path makes the same levels\n"
            "  --observer    also measure the full level without the observer (stage\n"
            "                'unseen', src/gen/observer.h) and print its cost, one minus\n"
            "                the full rate over the unseen rate, per type\n"
            "  --steps       also time each step of a full level on one thread, as the\n"
            "                driver runs them: the generation, tally_add, and the\n"
            "                observer with its rows (tally_add_observed), in\n"
            "                nanoseconds a level and as shares (medians of R reps);\n"
            "                where instructions go is callgrind's to say, where time\n"
            "                goes this\n",
            BENCH_DEFAULT_SECONDS, BENCH_DEFAULT_REPS, BENCH_DEFAULT_DLEVEL);
    fputs("\nSIGINT or SIGTERM stops the measurements: nothing is written, exit status 130.\n",
          out);
    fputs(CLI_EXIT_HELP, out);
}

/* Instructions retired by this thread while enabled; -1 when unavailable. */
static int perf_open(void)
{
#ifdef __linux__
    struct perf_event_attr a;
    memset(&a, 0, sizeof a);
    a.type = PERF_TYPE_HARDWARE;
    a.size = sizeof a;
    a.config = PERF_COUNT_HW_INSTRUCTIONS;
    a.disabled = 1;
    a.exclude_kernel = 1;
    a.exclude_hv = 1;
    return (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, 0);
#else
    return -1;
#endif
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

typedef struct measure {
    double median, min, max; /* levels per second */
    double cpu_median;       /* levels per second of process CPU time, < 0 when unknown */
    double instr;            /* instructions per level, < 0 when unknown */
} measure_t;

/* CPU time used by the whole process (all its threads), in seconds; < 0
 * when the clock is not available. */
static double process_cpu_seconds(void)
{
    struct timespec t;
    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t) != 0)
        return -1;
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double median_of(double *v, int n)
{
    qsort(v, (size_t)n, sizeof v[0], cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static int bench_style; /* --style, 0: the episode's */

static int measure(const tables_t *tables, int type, int dlevel, bool layout_only, bool unseen,
                   int threads, double seconds, int reps, bool count_instr, measure_t *m)
{
    job_t job;
    memset(&job, 0, sizeof job);
    gen_params_default(&job.params, tables);
    job.params.type = type;
    job.params.layout_only = layout_only;
    job.params.style = bench_style;
    job.dlevel_lo = job.dlevel_hi = dlevel;
    job.seed = 1;
    driver_opts_t o = {threads, PROGRESS_NEVER, NULL, NULL, unseen};
    tally_t *t = tally_new(dlevel, dlevel, job.params.difficulty);
    if (!t)
        return -1;
    driver_result_t r;
    job.count = BENCH_CALIBRATE_LEVELS;
    int failed = driver_run(&job, &o, t, &r);
    if (failed || driver_stop_requested()) { /* the caller tells which */
        if (!failed)
            driver_result_free(&r);
        tally_free(t);
        return -1;
    }
    double rate = r.seconds > 0 ? r.done / r.seconds : 1e6;
    driver_result_free(&r);
    job.count = (uint64_t)(rate * seconds) + 1;
    double rates[BENCH_MAX_REPS], cpu_rates[BENCH_MAX_REPS];
    bool cpu_ok = true;
    int fd = count_instr ? perf_open() : -1;
    long long instr_total = 0;
    uint64_t instr_levels = 0;
    for (int k = 0; k < reps; k++) {
        job.first = (uint64_t)(k + 1) * job.count;
#ifdef __linux__
        if (fd >= 0) {
            ioctl(fd, PERF_EVENT_IOC_RESET, 0);
            ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
        }
#endif
        const double cpu0 = process_cpu_seconds();
        int failed = driver_run(&job, &o, t, &r);
        if (failed || driver_stop_requested()) { /* the caller tells which */
            if (!failed)
                driver_result_free(&r);
            tally_free(t);
            if (fd >= 0)
                close(fd);
            return -1;
        }
#ifdef __linux__
        if (fd >= 0) {
            long long n = 0;
            ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
            if (read(fd, &n, sizeof n) == (ssize_t)sizeof n) {
                instr_total += n;
                instr_levels += r.done;
            }
        }
#endif
        const double cpu = process_cpu_seconds() - cpu0;
        cpu_ok = cpu_ok && cpu0 >= 0 && cpu > 0;
        cpu_rates[k] = cpu_ok ? r.done / cpu : 0;
        rates[k] = r.seconds > 0 ? r.done / r.seconds : 0;
        driver_result_free(&r);
    }
    if (fd >= 0)
        close(fd);
    m->median = median_of(rates, reps);
    m->cpu_median = cpu_ok ? median_of(cpu_rates, reps) : -1;
    m->min = rates[0];
    m->max = rates[reps - 1];
    m->instr = instr_levels ? (double)instr_total / (double)instr_levels : -1;
    tally_free(t);
    return 0;
}

/* The steps of a full level, as the driver runs them one after another
 * (src/sim/driver.c chunk_part). */
enum { STEP_GENERATE, STEP_TALLY, STEP_OBSERVED, N_STEPS };
static const char *const STEP_NAME[N_STEPS] = {"generate", "tally_add", "observer"};

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return 1e9 * (double)t.tv_sec + (double)t.tv_nsec;
}

/* Each step of a full level timed by the monotonic clock on this thread,
 * about `seconds` of levels a repetition: ns[s] the median over the reps of
 * step s's nanoseconds a level, less a reading of the clock (the mean
 * interval between two readings with nothing between them).  Levels of the
 * job's seed from BENCH_CALIBRATE_LEVELS on, as measure() makes them. */
static int measure_steps(const tables_t *tables, int type, int dlevel, double seconds, int reps,
                         double ns[N_STEPS])
{
    gen_params_t p;
    gen_params_default(&p, tables);
    p.type = type;
    p.dlevel = dlevel;
    p.style = bench_style;
    tally_t *t = tally_new(dlevel, dlevel, p.difficulty);
    level_t *lv = malloc(sizeof *lv);
    if (!t || !lv) {
        tally_free(t);
        free(lv);
        return -1;
    }
    double clock_cost = 0;
    {
        enum { READINGS = 4096 };
        const double a = now_ns();
        for (int i = 0; i < READINGS; i++)
            (void)now_ns();
        clock_cost = (now_ns() - a) / (READINGS + 1);
    }
    double per_rep[N_STEPS][BENCH_MAX_REPS];
    uint64_t count = BENCH_CALIBRATE_LEVELS, next = 1;
    for (int k = -1; k < reps; k++) { /* k = -1: warm-up and calibration */
        double sum[N_STEPS] = {0};
        for (uint64_t i = 0; i < count; i++, next++) {
            const double a = now_ns();
            level_generate(lv, &p, 1, next);
            const double b = now_ns();
            tally_add(t, lv);
            const double c = now_ns();
            tally_add_observed(t, lv, false);
            const double d = now_ns();
            sum[STEP_GENERATE] += b - a;
            sum[STEP_TALLY] += c - b;
            sum[STEP_OBSERVED] += d - c;
        }
        if (driver_stop_requested()) {
            tally_free(t);
            free(lv);
            return -1;
        }
        if (k < 0) {
            const double level = (sum[0] + sum[1] + sum[2]) / (double)count;
            count = level > 0 ? (uint64_t)(seconds * 1e9 / level) + 1 : count;
            continue;
        }
        for (int s = 0; s < N_STEPS; s++) {
            const double v = sum[s] / (double)count - clock_cost;
            per_rep[s][k] = v > 0 ? v : 0;
        }
    }
    for (int s = 0; s < N_STEPS; s++)
        ns[s] = median_of(per_rep[s], reps);
    tally_free(t);
    free(lv);
    return 0;
}

static cJSON *measure_json(const measure_t *m)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "median", m->median);
    cJSON_AddNumberToObject(o, "min", m->min);
    cJSON_AddNumberToObject(o, "max", m->max);
    if (m->cpu_median >= 0)
        cJSON_AddNumberToObject(o, "cpu_time_median", m->cpu_median);
    if (m->instr >= 0)
        cJSON_AddNumberToObject(o, "instructions_per_level", m->instr);
    return o;
}

/* A measurement that did not finish: the line to say why, and the exit status. */
static int failed_status(void)
{
    if (driver_stop_requested()) {
        fprintf(stderr, "drlsim bench: interrupted: nothing written\n");
        return 130;
    }
    fprintf(stderr, "drlsim bench: out of memory\n");
    return 1;
}

typedef struct bench_opts {
    int type; /* a level_type_t, or BENCH_ALL_TYPES */
    double seconds;
    int threads, reps, dlevel;
    const char *json, *rules, *data_dir;
    cpu_path_t path;
    bool observer; /* --observer: the stage without the observer too */
    bool steps;    /* --steps: each step of a full level timed */
    int style;     /* --style */
} bench_opts_t;

static bool bench_type(const cli_t *c, void *dest)
{
    if (strcmp(c->arg, "all") == 0) {
        *(int *)dest = BENCH_ALL_TYPES;
        return true;
    }
    if (level_type_from_name(c->arg) < 0) {
        char list[256];
        tables_type_list(list, sizeof list);
        cli_error(c, "--type: unknown level type '%s' (all, %s)", c->arg, list);
        return false;
    }
    return opt_level_type(c, dest);
}

static bool bench_cpu(const cli_t *c, void *dest)
{
    const int p = cpu_path_from_name(c->arg);
    if (p < 0) {
        cli_error(c, "--cpu: unknown path '%s' (plain, sse2, avx2, bmi2)", c->arg);
        return false;
    }
    if (p > (int)cpu_best()) {
        cli_error(c, "--cpu: %s is not available here (the best path is %s)", c->arg,
                  cpu_path_name(cpu_best()));
        return false;
    }
    *(cpu_path_t *)dest = (cpu_path_t)p;
    return true;
}

static const cli_spec_t OPTS[] = {
    OPT_HELP,
    {.name = "type", .kind = CLI_FN, .at = offsetof(bench_opts_t, type), .fn = bench_type},
    {.name = "seconds", .kind = CLI_DOUBLE, .at = offsetof(bench_opts_t, seconds), .dlo = 0.01,
     .dhi = 3600},
    OPT_THREADS(bench_opts_t, threads),
    {.name = "reps", .kind = CLI_INT, .at = offsetof(bench_opts_t, reps), .lo = 1,
     .hi = BENCH_MAX_REPS},
    OPT_DLEVEL(bench_opts_t, dlevel),
    OPT_JSON(bench_opts_t, json),
    OPT_RULES(bench_opts_t, rules),
    OPT_STYLE(bench_opts_t, style),
    OPT_DATA(bench_opts_t, data_dir),
    {.name = "cpu", .kind = CLI_FN, .at = offsetof(bench_opts_t, path), .fn = bench_cpu},
    {.name = "observer", .kind = CLI_SET, .at = offsetof(bench_opts_t, observer)},
    {.name = "steps", .kind = CLI_SET, .at = offsetof(bench_opts_t, steps)},
    {.name = NULL},
};

static const cli_cmd_t CMD = {"bench", OPTS, usage, 0, 0};

int cmd_bench(int argc, char **argv)
{
    bench_opts_t o = {BENCH_ALL_TYPES, BENCH_DEFAULT_SECONDS, 0,
                      BENCH_DEFAULT_REPS, BENCH_DEFAULT_DLEVEL, NULL, NULL, NULL, cpu_best(), false,
                      false, 0};
    cli_t c;
    int prc = cli_parse(&c, &CMD, argc, argv, &o);
    if (prc != CLI_GO_ON)
        return prc;
    if ((prc = opt_threads(&c, &o.threads)) != 0)
        return prc;
    if (o.threads == 0)
        o.threads = omp_get_max_threads();
    const int type = o.type, threads = o.threads, reps = o.reps, dlevel = o.dlevel;
    const double seconds = o.seconds;
    const char *json = o.json;
    const cpu_path_t path = o.path;
    if (json && (prc = opt_output_status(outfile_check(json))) != 0)
        return prc;
    const tables_t *tables = opt_tables("bench", o.rules, o.data_dir, type >= 0 ? type : -1);
    if (!tables)
        return CLI_EXIT_USAGE;
    if ((prc = opt_style("bench", tables, o.style)) != 0)
        return prc;
    bench_style = o.style;
    cpu_force(path); /* before any thread generates */
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "cpu", cpu_path_name(path));
    cJSON_AddNumberToObject(root, "dlevel", (double)dlevel);
    cJSON_AddNumberToObject(root, "threads", (double)threads);
    cJSON_AddNumberToObject(root, "seconds", seconds);
    cJSON_AddNumberToObject(root, "reps", (double)reps);
    cJSON *types = cJSON_AddObjectToObject(root, "types");
    /* With --json - the JSON is the data on stdout: the table goes to stderr. */
    FILE *txt = json && strcmp(json, "-") == 0 ? stderr : stdout;
    fprintf(txt,
            "drlsim bench: dlevel %d, %d reps of ~%.2f s, %s paths, medians (min-max) in "
            "levels/s\n",
            dlevel, reps, seconds, cpu_path_name(path));
    char many_hdr[32];
    snprintf(many_hdr, sizeof many_hdr, "%d threads", threads);
    fprintf(txt, "%-12s %-7s %26s %10s %26s %7s %10s\n", "type", "stage", "1 thread", "1t by CPU",
           many_hdr, "scale", "instr/lvl");
    int rc = 0;
    driver_catch_signals(); /* a stop ends the measurements: nothing is written */
    for (int t = 0; t < LT__COUNT && rc == 0; t++) {
        if ((type != BENCH_ALL_TYPES && t != type) || !tables->rules->has_type[t])
            continue;
        cJSON *tj = cJSON_AddObjectToObject(types, level_type_name((level_type_t)t));
        double full_cpu = 0;
        for (int stage = 0; stage < (o.observer ? 3 : 2) && rc == 0; stage++) {
            /* the layout alone, as `drlsim rooms` makes it, has no observer:
             * its levels have no population to look at */
            const bool layout_only = stage == 0, unseen = stage != 1;
            static const char *const STAGE[] = {"layout", "full", "unseen"};
            measure_t one, many;
            if (measure(tables, t, dlevel, layout_only, unseen, 1, seconds, reps, true, &one) ||
                measure(tables, t, dlevel, layout_only, unseen, threads, seconds, reps, false,
                        &many)) {
                rc = failed_status();
                break;
            }
            double scale = one.median > 0 ? many.median / one.median : 0;
            char a[64], b[64], cpu[32] = "n/a", ins[32] = "n/a";
            if (one.cpu_median >= 0)
                snprintf(cpu, sizeof cpu, "%.0f", one.cpu_median);
            snprintf(a, sizeof a, "%.0f (%.0f-%.0f)", one.median, one.min, one.max);
            snprintf(b, sizeof b, "%.0f (%.0f-%.0f)", many.median, many.min, many.max);
            if (one.instr >= 0)
                snprintf(ins, sizeof ins, "%.0f", one.instr);
            fprintf(txt, "%-12s %-7s %26s %10s %26s %6.2fx %10s\n", level_type_name((level_type_t)t),
                   STAGE[stage], a, cpu, b, scale, ins);
            if (stage == 1)
                full_cpu = one.cpu_median;
            if (unseen && full_cpu > 0 && one.cpu_median > 0) {
                /* the observer's share of a full level, by one thread's CPU time */
                const double cost = 1 - full_cpu / one.cpu_median;
                fprintf(txt, "%-12s observer cost %.1f%% of a full level\n",
                        level_type_name((level_type_t)t), 100 * cost);
                cJSON_AddNumberToObject(tj, "observer_cost", cost);
            }
            fflush(txt);
            cJSON *sj = cJSON_AddObjectToObject(tj, STAGE[stage]);
            cJSON_AddItemToObject(sj, "one_thread", measure_json(&one));
            cJSON_AddItemToObject(sj, "all_threads", measure_json(&many));
            cJSON_AddNumberToObject(sj, "scaling", scale);
        }
        double ns[N_STEPS];
        if (o.steps && rc == 0) {
            if (measure_steps(tables, t, dlevel, seconds, reps, ns)) {
                rc = failed_status();
                break;
            }
            const double level = ns[0] + ns[1] + ns[2];
            cJSON *sj = cJSON_AddObjectToObject(tj, "steps");
            fprintf(txt, "%-12s steps  ", level_type_name((level_type_t)t));
            for (int s = 0; s < N_STEPS; s++) {
                fprintf(txt, " %s %.0f ns (%.0f%%)", STEP_NAME[s], ns[s],
                        level > 0 ? 100 * ns[s] / level : 0);
                char key[32];
                snprintf(key, sizeof key, "%s_ns", STEP_NAME[s]);
                cJSON_AddNumberToObject(sj, key, ns[s]);
            }
            fprintf(txt, ", a level %.0f ns\n", level);
            fflush(txt);
        }
    }
    driver_release_signals();
    if (rc == 0 && json)
        rc = report_write_json(json, root) ? CLI_EXIT_IO : 0;
    cJSON_Delete(root);
    return rc;
}
