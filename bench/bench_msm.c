/* `cuzk bench msm`: G1/G2 multi-scalar multiplication on bases with known discrete logarithms,
 * every result checked by one scalar multiplication. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "bench.h"
#include "cuzk/experimental.h"

/* The bases: known-discrete-log bases 0 .. n − 1 of this seed (cz_msm_g1_known_bases). */
#define CZ_BENCH_MSM_SEED 0x63757a6b2d6d736dull

/* Bases written to the file a block at a time (192 MiB of G1). */
#define CZ_BENCH_MSM_FILE_BLOCK ((size_t)1 << 21)

typedef enum {
    CZ_BENCH_MSM_G1,
    CZ_BENCH_MSM_G2,
    CZ_BENCH_MSM_G1_SPLIT,
    CZ_BENCH_MSM_G1_CACHED,
    CZ_BENCH_MSM_G1_FILE,
    CZ_BENCH_MSM_KINDS
} cz_bench_msm_kind;

static const char *const cz_bench_msm_names[CZ_BENCH_MSM_KINDS] = {
    "msm_g1", "msm_g2", "msm_g1_split", "msm_g1_cached_bases", "msm_g1_file"};

/* Points and scalars, made once up to the largest size for the cases that run. */
typedef struct cz_bench_msm_data {
    cz_pool *pool;    /* makes the data and the expected results (--threads) */
    cz_g1_affine *g1; /* in memory; NULL unless msm_g1, _split or _cached_bases runs */
    cz_g2_affine *g2; /* NULL unless msm_g2 runs */
    cz_scalar *full;  /* uniform below r */
    cz_scalar *bits;  /* Filecoin-like: 90% 0 or 1, 10% uniform */
    int fd;           /* the G1 bases in an unlinked file (msm_g1_file), or −1 */
} cz_bench_msm_data;

/* Writes bases 0 .. n − 1 to a new unlinked file in dir, from src when given, else made a
 * block at a time; synced, so that dropping its pages from the page cache empties it. */
static int cz_bench_msm_file_make(const char *dir, const cz_g1_affine *src, size_t n, cz_pool *pool)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/cuzk-bench-msm-XXXXXX", dir);
    int fd = mkstemp(path);
    if (fd < 0)
        return -1;
    unlink(path);
    size_t block = n < CZ_BENCH_MSM_FILE_BLOCK ? n : CZ_BENCH_MSM_FILE_BLOCK;
    cz_g1_affine *buf = src ? NULL : malloc(block * sizeof *buf);
    bool ok = src || buf;
    for (size_t first = 0; ok && first < n; first += block) {
        size_t m = n - first < block ? n - first : block;
        const cz_g1_affine *p = src ? src + first : buf;
        if (!src)
            ok = cz_msm_g1_known_bases(buf, CZ_BENCH_MSM_SEED, first, m, pool) == CZ_OK;
        for (size_t off = 0; ok && off < m * sizeof *p;) {
            ssize_t w = write(fd, (const uint8_t *)p + off, m * sizeof *p - off);
            ok = w > 0;
            off += ok ? (size_t)w : 0;
        }
    }
    free(buf);
    if (!ok || fsync(fd) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

/* Maps the file's first n bases read-only after dropping all its pages from the page cache
 * (posix_fadvise skips mapped pages, so the previous mapping goes first): every base the MSM
 * then reads comes from the disk. NULL on failure. */
static const cz_g1_affine *cz_bench_msm_file_map(int fd, size_t n)
{
    if (posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED) != 0)
        return NULL;
    void *p = mmap(NULL, n * sizeof(cz_g1_affine), PROT_READ, MAP_PRIVATE, fd, 0);
    return p == MAP_FAILED ? NULL : p;
}

static bool cz_bench_msm_data_make(cz_bench_msm_data *d, const cz_bench_opts *o, size_t n1,
                                   size_t n2, const char *dir)
{
    bool sel[CZ_BENCH_MSM_KINDS];
    for (int k = 0; k < CZ_BENCH_MSM_KINDS; k++)
        sel[k] = cz_bench_selected(o, cz_bench_msm_names[k]);
    memset(d, 0, sizeof *d);
    d->fd = -1;
    if (o->threads > 1 && cz_pool_create(&d->pool, o->threads - 1, 0, "bench") != CZ_OK)
        return false;
    bool in_memory =
        sel[CZ_BENCH_MSM_G1] || sel[CZ_BENCH_MSM_G1_SPLIT] || sel[CZ_BENCH_MSM_G1_CACHED];
    if (in_memory && (!(d->g1 = malloc(n1 * sizeof *d->g1)) ||
                      cz_msm_g1_known_bases(d->g1, CZ_BENCH_MSM_SEED, 0, n1, d->pool) != CZ_OK))
        return false;
    if (sel[CZ_BENCH_MSM_G2] &&
        (!(d->g2 = malloc(n2 * sizeof *d->g2)) ||
         cz_msm_g2_known_bases(d->g2, CZ_BENCH_MSM_SEED, 0, n2, d->pool) != CZ_OK))
        return false;
    if (sel[CZ_BENCH_MSM_G1_FILE] &&
        (d->fd = cz_bench_msm_file_make(dir, d->g1, n1, d->pool)) < 0) {
        fprintf(stderr, "cuzk bench msm: cannot write %zu bases to a file in %s\n", n1, dir);
        return false;
    }
    d->full = malloc(n1 * sizeof *d->full);
    d->bits = sel[CZ_BENCH_MSM_G1_SPLIT] ? malloc(n1 * sizeof *d->bits) : NULL;
    if (!d->full || (sel[CZ_BENCH_MSM_G1_SPLIT] && !d->bits))
        return false;
    for (size_t i = 0; i < n1; i++) {
        cz_fr f;
        cz_bench_rand_fr(&f);
        cz_fr_to_scalar(&d->full[i], &f);
        if (!d->bits)
            continue;
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
    if (d->fd >= 0)
        close(d->fd);
    cz_pool_destroy(d->pool);
}

/* Bases that stay in the caches: n points whose memory repeats src[0 .. 2^14) (1.5 MiB), one
 * memfd mapped over and over. Every point costs the MSM what a distinct one does except the
 * trip to DRAM, so the time against msm_g1's is what streaming the bases costs: the most a pass
 * shared between batched proofs (reading each base once for all) could save. Unmap with
 * munmap (n · 96 bytes); NULL when it cannot be set up. */
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

/* The cached bases' MSM over the known bases: base i is base i mod 2^14, so scalar i adds to
 * the folded scalar i mod 2^14 (the bench's scalars are below r). */
static cz_status cz_bench_msm_cached_expect(cz_g1_jac *want, const cz_msm_scalars *sc,
                                            cz_pool *pool)
{
    cz_fr *fold = calloc(CZ_BENCH_MSM_CACHED, sizeof *fold);
    if (!fold)
        return CZ_ERR_NOMEM;
    const cz_scalar *k = sc->scalars;
    for (size_t i = 0; i < sc->nscalars; i++) {
        cz_fr f;
        if (cz_fr_from_canonical(&f, k[i].l) != CZ_OK) {
            free(fold);
            return CZ_ERR_INVALID_ARG;
        }
        cz_fr_add(&fold[i % CZ_BENCH_MSM_CACHED], &fold[i % CZ_BENCH_MSM_CACHED], &f);
    }
    cz_msm_scalars folded = {fold, CZ_SCALARS_MONTGOMERY, CZ_BENCH_MSM_CACHED, NULL, false, NULL};
    cz_status st =
        cz_msm_g1_known_expect(want, CZ_BENCH_MSM_SEED, 0, CZ_BENCH_MSM_CACHED, &folded, pool);
    free(fold);
    return st;
}

/* Seconds per MSM, median of the samples; also reported as a row unless quiet (with the bytes
 * read per MSM for msm_g1_file). Every result is checked; −1 when one is wrong or the case
 * cannot be set up. */
static double cz_bench_msm_case(const cz_bench_opts *o, cz_bench_msm_kind kind,
                                const cz_bench_msm_data *d, size_t n, unsigned threads,
                                unsigned samples, bool quiet)
{
    const char *name = cz_bench_msm_names[kind];
    bool g2 = kind == CZ_BENCH_MSM_G2;
    cz_msm_scalars sc = {kind == CZ_BENCH_MSM_G1_SPLIT ? d->bits : d->full,
                         CZ_SCALARS_CANONICAL,
                         n,
                         NULL,
                         kind == CZ_BENCH_MSM_G1_SPLIT,
                         NULL};
    cz_g1_jac want1, got1;
    cz_g2_jac want2, got2;
    cz_status st = g2 ? cz_msm_g2_known_expect(&want2, CZ_BENCH_MSM_SEED, 0, n, &sc, d->pool)
                   : kind == CZ_BENCH_MSM_G1_CACHED
                       ? cz_bench_msm_cached_expect(&want1, &sc, d->pool)
                       : cz_msm_g1_known_expect(&want1, CZ_BENCH_MSM_SEED, 0, n, &sc, d->pool);
    cz_pool *pool = NULL;
    if (threads > 1 && cz_pool_create(&pool, threads - 1, 0, "bench") != CZ_OK)
        st = CZ_ERR_NOMEM;
    size_t bytes = g2 ? cz_msm_g2_scratch_size(n, threads) : cz_msm_g1_scratch_size(n, threads);
    void *scratch = malloc(bytes);
    const cz_g1_affine *g1 = kind == CZ_BENCH_MSM_G1_CACHED ? cz_bench_msm_cached_bases(d->g1, n)
                             : kind == CZ_BENCH_MSM_G1_FILE ? NULL /* mapped per sample */
                                                            : d->g1;
    if (st != CZ_OK || !scratch || (kind == CZ_BENCH_MSM_G1_CACHED && !g1)) {
        fprintf(stderr, "cuzk bench msm: %s: cannot set up 2^%u bases\n", name,
                (unsigned)__builtin_ctzll(n));
        free(scratch);
        cz_pool_destroy(pool);
        return -1;
    }
    double t[64], reads[64], ratio[64];
    bool right = true;
    for (unsigned s = 0; s < samples && right; s++) {
        long long r0 = 0;
        if (kind == CZ_BENCH_MSM_G1_FILE) {
            if (g1)
                munmap((void *)g1, n * sizeof *g1);
            if (!(g1 = cz_bench_msm_file_map(d->fd, n))) {
                fprintf(stderr, "cuzk bench msm: %s: cannot map the bases' file\n", name);
                right = false;
                break;
            }
            r0 = cz_bench_read_bytes();
        }
        double t0 = cz_bench_seconds();
        if (g2) {
            cz_msm_g2(&got2, d->g2, n, &sc, pool, scratch, bytes);
            right = cz_g2_jac_eq(&got2, &want2);
        } else {
            cz_msm_g1(&got1, g1, n, &sc, pool, scratch, bytes);
            right = cz_g1_jac_eq(&got1, &want1);
        }
        t[s] = cz_bench_seconds() - t0;
        if (kind == CZ_BENCH_MSM_G1_FILE) {
            reads[s] = (double)(cz_bench_read_bytes() - r0);
            ratio[s] = reads[s] / (double)(n * sizeof *g1);
        }
    }
    if (g1 && g1 != d->g1)
        munmap((void *)g1, n * sizeof *g1);
    free(scratch);
    cz_pool_destroy(pool);
    if (!right) {
        fprintf(stderr, "cuzk bench msm: %s at 2^%u: WRONG RESULT (not [Σ s_i·k_i]G)\n", name,
                (unsigned)__builtin_ctzll(n));
        return -1;
    }
    double median[64];
    memcpy(median, t, samples * sizeof *t);
    if (!quiet) {
        cz_bench_report(o, name, n, threads, "s", t, samples);
        if (kind == CZ_BENCH_MSM_G1_FILE && reads[0] >= 0) {
            cz_bench_report(o, "msm_g1_file_read_bytes", n, threads, "bytes", reads, samples);
            cz_bench_report(o, "msm_g1_file_read_ratio", n, threads, "x file", ratio, samples);
        }
    }
    for (unsigned i = 1; i < samples; i++)
        for (unsigned j = i; j > 0 && median[j - 1] > median[j]; j--) {
            double x = median[j];
            median[j] = median[j - 1];
            median[j - 1] = x;
        }
    return median[samples / 2];
}

static bool cz_bench_msm_sweep(const cz_bench_opts *o, const cz_bench_msm_data *d, unsigned max_log)
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
                double t = cz_bench_msm_case(o, g ? CZ_BENCH_MSM_G2 : CZ_BENCH_MSM_G1, d, n, 1,
                                             o->quick ? 1 : 3, true);
                cz_msm_set_window_bits(0);
                if (t < 0)
                    return false;
                printf("  c=%u %.4g", c, t);
                if (best_t == 0 || t < best_t) {
                    best_t = t;
                    best = c;
                }
                fflush(stdout);
            }
            printf("  → best c=%u\n", best);
        }
    }
    return true;
}

int cz_bench_msm(int argc, char **argv)
{
    cz_bench_opts o;
    unsigned long min_log = 16, max_log = 22;
    bool sweep = false, threads_only = false;
    const char *dir = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    const cz_cli_opt opts[] = {
        {"--min-log", CZ_OPT_UINT, &min_log, "K", "smallest size 2^K, 8 to 27 (default 16)",
         .min = 8, .max = 27},
        {"--max-log", CZ_OPT_UINT, &max_log, "K",
         "largest G1 size 2^K, 8 to 27 (default 22; G2 stops at\n2^18). Memory: 96 bytes per "
         "in-memory G1 base and 32 per\nscalar (64 with msm_g1_split)",
         .min = 8, .max = 27},
        {"--dir", CZ_OPT_STRING, &dir, "DIR",
         "where msm_g1_file writes its bases (default $TMPDIR or\n/tmp; 96 bytes per base, "
         "deleted on exit)"},
        {"--threads-only", CZ_OPT_FLAG, &threads_only, NULL,
         "only the rows on --threads threads, not those on one\n(large sizes)"},
        {"--sweep", CZ_OPT_FLAG, &sweep, NULL,
         "time every window width around the table's choice and\nprint the best per size "
         "(the window table of\ndocs/PERFORMANCE.md)"},
    };
    int rc = cz_bench_parse(
        &o, "msm", "[options]",
        "Seconds per MSM over bases with known discrete logarithms (each result is checked\n"
        "by one scalar multiplication): msm_g1 and msm_g2 with uniform scalars,\n"
        "msm_g1_split with Filecoin-like scalars (90% bits, 10% uniform) through the split\n"
        "path; msm_g1_cached_bases as msm_g1 over bases whose memory repeats 2^14 points\n"
        "(cache-resident: against msm_g1, what reading the bases from DRAM costs);\n"
        "msm_g1_file as msm_g1 over bases mapped from a file whose pages are dropped from\n"
        "the page cache first, with the bytes read from storage per MSM (/proc/self/io)\n"
        "and their ratio to the bases' size. Each size runs on 1 thread and on --threads\n"
        "threads.\n",
        opts, CZ_ARRAY_SIZE(opts), argc, argv);
    if (rc >= 0)
        return rc;
    if (o.quick && max_log > 16)
        max_log = 16;
    if (min_log > max_log)
        min_log = max_log;
    cz_bench_header(&o, "msm");
    size_t n1 = (size_t)1 << max_log, n2 = (size_t)1 << (max_log < 18 ? max_log : 18);
    cz_bench_msm_data d;
    if (!cz_bench_msm_data_make(&d, &o, n1, n2, dir)) {
        fprintf(stderr, "cuzk bench msm: cannot make 2^%lu points and scalars\n", max_log);
        cz_bench_msm_data_free(&d);
        return 1;
    }
    if (sweep) {
        bool ok = cz_bench_msm_sweep(&o, &d, (unsigned)max_log);
        cz_bench_msm_data_free(&d);
        return ok ? 0 : 1;
    }
    unsigned threads[2] = {1, o.threads};
    bool ok = true;
    for (unsigned k = (unsigned)min_log; k <= max_log; k += 2) {
        size_t n = (size_t)1 << k;
        unsigned samples = o.samples_given ? o.samples : o.quick ? 1 : k >= 20 ? 1 : 3;
        for (int t = threads_only && o.threads > 1; t < (o.threads > 1 ? 2 : 1); t++)
            for (int kind = 0; kind < CZ_BENCH_MSM_KINDS; kind++) {
                if (!cz_bench_selected(&o, cz_bench_msm_names[kind]) ||
                    (kind == CZ_BENCH_MSM_G2 && k > 18) ||
                    (kind == CZ_BENCH_MSM_G1_CACHED && k < 16))
                    continue;
                ok &= cz_bench_msm_case(&o, (cz_bench_msm_kind)kind, &d, n, threads[t], samples,
                                        false) >= 0;
            }
    }
    cz_bench_msm_data_free(&d);
    return ok ? 0 : 1;
}
