/* `cuzk bench msm`: G1/G2 multi-scalar multiplication on distinct points. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "bench.h"
#include "cuzk/experimental.h"

/* Points and scalars for both groups, generated once up to the largest size. */
typedef struct cz_bench_msm_data {
    size_t n;
    cz_g1_affine *g1;
    cz_g2_affine *g2;
    cz_scalar *full; /* uniform below r */
    cz_scalar *bits; /* Filecoin-like: 90% 0 or 1, 10% uniform */
} cz_bench_msm_data;

/* Distinct points: runs of 4096 consecutive multiples of a random point, each run from a fresh
 * random start, normalised to affine a run at a time. */
#define CZ_BENCH_MSM_RUN 4096
#define CZ_BENCH_MSM_POINTS(G)                                                                     \
    static void cz_bench_msm_points_##G(cz_##G##_affine *out, size_t n)                            \
    {                                                                                              \
        cz_##G##_jac *run = malloc(CZ_BENCH_MSM_RUN * sizeof *run), p, step, gen;                  \
        cz_##G##_jac_from_affine(&gen, &cz_##G##_generator);                                       \
        for (size_t i = 0; i < n; i += CZ_BENCH_MSM_RUN) {                                         \
            cz_fr a, b;                                                                            \
            cz_scalar sa, sb;                                                                      \
            cz_bench_rand_fr(&a);                                                                  \
            cz_bench_rand_fr(&b);                                                                  \
            cz_fr_to_scalar(&sa, &a);                                                              \
            cz_fr_to_scalar(&sb, &b);                                                              \
            cz_##G##_mul_var(&p, &gen, &sa);                                                       \
            cz_##G##_mul_var(&step, &gen, &sb);                                                    \
            size_t m = n - i < CZ_BENCH_MSM_RUN ? n - i : CZ_BENCH_MSM_RUN;                        \
            for (size_t j = 0; j < m; j++) {                                                       \
                run[j] = p;                                                                        \
                cz_##G##_jac_add(&p, &p, &step);                                                   \
            }                                                                                      \
            cz_##G##_batch_to_affine_var(out + i, run, m);                                         \
        }                                                                                          \
        free(run);                                                                                 \
    }
CZ_BENCH_MSM_POINTS(g1)
CZ_BENCH_MSM_POINTS(g2)

static bool cz_bench_msm_data_make(cz_bench_msm_data *d, size_t n1, size_t n2)
{
    d->n = n1;
    d->g1 = malloc(n1 * sizeof *d->g1);
    d->g2 = malloc(n2 * sizeof *d->g2);
    d->full = malloc(n1 * sizeof *d->full);
    d->bits = malloc(n1 * sizeof *d->bits);
    if (!d->g1 || !d->g2 || !d->full || !d->bits)
        return false;
    cz_bench_msm_points_g1(d->g1, n1);
    cz_bench_msm_points_g2(d->g2, n2);
    for (size_t i = 0; i < n1; i++) {
        cz_fr f;
        cz_bench_rand_fr(&f);
        cz_fr_to_scalar(&d->full[i], &f);
        uint64_t u = cz_bench_rand_u64();
        if (u % 10 == 0)
            d->bits[i] = d->full[i];
        else
            d->bits[i] = (cz_scalar){{(u >> 8) & 1, 0, 0, 0}};
    }
    return true;
}

static void cz_bench_msm_data_free(cz_bench_msm_data *d)
{
    free(d->g1), free(d->g2), free(d->full), free(d->bits);
}

/* Bases that stay in the caches: n points whose memory repeats src[0 .. 2^14) (1.5 MiB), one
 * memfd mapped over and over. Every point costs the MSM what a distinct one does except the
 * trip to DRAM, so the time against msm_g1's is what streaming the bases costs: the most a pass
 * shared between batched proofs (reading each base once for all) could save. Unmap with
 * cz_bench_msm_unmap (n · 96 bytes); NULL when it cannot be set up. */
#define CZ_BENCH_MSM_CACHED (1u << 14)
static cz_g1_affine *cz_bench_msm_cached_bases(const cz_g1_affine *src, size_t n)
{
    size_t block = CZ_BENCH_MSM_CACHED * sizeof *src, total = n * sizeof *src;
    if (n % CZ_BENCH_MSM_CACHED || block % (size_t)sysconf(_SC_PAGESIZE))
        return NULL;
    int fd = memfd_create("cuzk-bench-bases", 0);
    if (fd < 0)
        return NULL;
    uint8_t *view = NULL;
    void *b = MAP_FAILED;
    if (ftruncate(fd, (off_t)block) == 0 &&
        (b = mmap(NULL, block, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)) != MAP_FAILED) {
        memcpy(b, src, block);
        munmap(b, block);
        view = mmap(NULL, total, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        for (size_t off = 0; view != MAP_FAILED && off < total; off += block)
            if (mmap(view + off, block, PROT_READ, MAP_SHARED | MAP_FIXED, fd, 0) == MAP_FAILED) {
                munmap(view, total);
                view = MAP_FAILED;
            }
    }
    close(fd);
    return view && view != MAP_FAILED ? (cz_g1_affine *)view : NULL;
}

typedef enum {
    CZ_BENCH_MSM_G1,
    CZ_BENCH_MSM_G2,
    CZ_BENCH_MSM_G1_SPLIT,
    CZ_BENCH_MSM_G1_CACHED
} cz_bench_msm_kind;

/* Seconds per MSM, median of the samples; also reported as a row unless quiet. */
static double cz_bench_msm_case(const cz_bench_opts *o, const char *name, cz_bench_msm_kind kind,
                                const cz_bench_msm_data *d, size_t n, unsigned threads,
                                unsigned samples, bool quiet)
{
    cz_pool *pool = NULL;
    if (threads > 1 && cz_pool_create(&pool, threads - 1, 0, "bench") != CZ_OK)
        return -1;
    cz_msm_scalars sc = {kind == CZ_BENCH_MSM_G1_SPLIT ? d->bits : d->full, CZ_SCALARS_CANONICAL, n,
                         NULL, kind == CZ_BENCH_MSM_G1_SPLIT};
    size_t bytes = kind == CZ_BENCH_MSM_G2 ? cz_msm_g2_scratch_size(n, threads)
                                           : cz_msm_g1_scratch_size(n, threads);
    void *scratch = malloc(bytes);
    const cz_g1_affine *g1 =
        kind == CZ_BENCH_MSM_G1_CACHED ? cz_bench_msm_cached_bases(d->g1, n) : d->g1;
    if (!g1 || !scratch) {
        fprintf(stderr, "cuzk bench msm: %s: cannot set up 2^%u bases\n", name,
                (unsigned)__builtin_ctzll(n));
        free(scratch);
        cz_pool_destroy(pool);
        return -1;
    }
    double t[64];
    for (unsigned s = 0; s < samples; s++) {
        double t0 = cz_bench_seconds();
        if (kind == CZ_BENCH_MSM_G2) {
            cz_g2_jac r;
            cz_msm_g2(&r, d->g2, n, &sc, pool, scratch, bytes);
        } else {
            cz_g1_jac r;
            cz_msm_g1(&r, g1, n, &sc, pool, scratch, bytes);
        }
        t[s] = cz_bench_seconds() - t0;
    }
    if (g1 != d->g1)
        munmap((void *)g1, n * sizeof *g1);
    free(scratch);
    cz_pool_destroy(pool);
    double sorted[64];
    memcpy(sorted, t, samples * sizeof *t);
    for (unsigned i = 1; i < samples; i++)
        for (unsigned j = i; j > 0 && sorted[j - 1] > sorted[j]; j--) {
            double x = sorted[j];
            sorted[j] = sorted[j - 1];
            sorted[j - 1] = x;
        }
    if (!quiet)
        cz_bench_report(o, name, n, threads, "s", t, samples);
    return sorted[samples / 2];
}

static void cz_bench_msm_sweep(const cz_bench_opts *o, const cz_bench_msm_data *d, unsigned max_log)
{
    printf("\nwindow sweep (1 thread): size, table choice, then seconds per width\n");
    for (unsigned k = 8; k <= max_log; k += 2) {
        size_t n = (size_t)1 << k;
        for (int g = 0; g < 2; g++) {
            if (g == 1 && k > 18)
                continue;
            unsigned table = cz_msm_window_bits(n, g == 1);
            unsigned best = table;
            double best_t = 0;
            printf("%s 2^%-2u table c=%-2u:", g ? "g2" : "g1", k, table);
            for (unsigned c = table > 3 ? table - 3 : 2; c <= table + 2; c++) {
                cz_msm_set_window_bits(c);
                double t = cz_bench_msm_case(o, "", g ? CZ_BENCH_MSM_G2 : CZ_BENCH_MSM_G1, d, n, 1,
                                             o->quick ? 1 : 3, true);
                printf("  c=%u %.4g", c, t);
                if (best_t == 0 || t < best_t) {
                    best_t = t;
                    best = c;
                }
                fflush(stdout);
            }
            cz_msm_set_window_bits(0);
            printf("  → best c=%u\n", best);
        }
    }
}

int cz_bench_msm(int argc, char **argv)
{
    cz_bench_opts o;
    unsigned long min_log = 16, max_log = 22;
    bool sweep = false;
    const cz_cli_opt opts[] = {
        {"--min-log", CZ_OPT_UINT, &min_log, "K", "smallest size 2^K, 8 to 26 (default 16)",
         .min = 8, .max = 26},
        {"--max-log", CZ_OPT_UINT, &max_log, "K",
         "largest G1 size 2^K, 8 to 26 (default 22; G2 stops at\n2^18)", .min = 8, .max = 26},
        {"--sweep", CZ_OPT_FLAG, &sweep, NULL,
         "time every window width around the table's choice and\nprint the best per size "
         "(the window table of\ndocs/PERFORMANCE.md)"},
    };
    int rc = cz_bench_parse(
        &o, "msm", "[options]",
        "Seconds per MSM on distinct points: msm_g1 and msm_g2 with uniform scalars,\n"
        "msm_g1_split with Filecoin-like scalars (90% bits, 10% uniform) through the split\n"
        "path; msm_g1_cached_bases as msm_g1 over bases whose memory repeats 2^14 points\n"
        "(cache-resident: against msm_g1, what reading the bases from DRAM costs). Each size\n"
        "runs on 1 thread and on --threads threads.\n",
        opts, CZ_ARRAY_SIZE(opts), argc, argv);
    if (rc >= 0)
        return rc;
    if (o.quick && max_log > 16)
        max_log = 16;
    cz_bench_header(&o, "msm");
    size_t n1 = (size_t)1 << max_log, n2 = (size_t)1 << (max_log < 18 ? max_log : 18);
    cz_bench_msm_data d;
    if (!cz_bench_msm_data_make(&d, n1, n2)) {
        fprintf(stderr, "cuzk bench msm: out of memory for 2^%lu points\n", max_log);
        cz_bench_msm_data_free(&d);
        return 1;
    }
    if (sweep) {
        cz_bench_msm_sweep(&o, &d, (unsigned)max_log);
        cz_bench_msm_data_free(&d);
        return 0;
    }
    unsigned threads[2] = {1, o.threads};
    for (unsigned k = (unsigned)min_log; k <= max_log; k += 2) {
        size_t n = (size_t)1 << k;
        unsigned samples = o.samples_given ? o.samples : o.quick ? 1 : k >= 20 ? 1 : 3;
        for (int t = 0; t < (o.threads > 1 ? 2 : 1); t++) {
            if (cz_bench_selected(&o, "msm_g1"))
                cz_bench_msm_case(&o, "msm_g1", CZ_BENCH_MSM_G1, &d, n, threads[t], samples, false);
            if (k <= 18 && cz_bench_selected(&o, "msm_g2"))
                cz_bench_msm_case(&o, "msm_g2", CZ_BENCH_MSM_G2, &d, n, threads[t], samples, false);
            if (cz_bench_selected(&o, "msm_g1_split"))
                cz_bench_msm_case(&o, "msm_g1_split", CZ_BENCH_MSM_G1_SPLIT, &d, n, threads[t],
                                  samples, false);
            if (k >= 16 && cz_bench_selected(&o, "msm_g1_cached_bases"))
                cz_bench_msm_case(&o, "msm_g1_cached_bases", CZ_BENCH_MSM_G1_CACHED, &d, n,
                                  threads[t], samples, false);
        }
    }
    cz_bench_msm_data_free(&d);
    return 0;
}
