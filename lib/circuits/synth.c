/*
 * Synthesis runs of the test circuits (include/cuzk/circuits.h): each backend driven the way the
 * prover drives it, timed by phase.
 */
#include "cuzk/circuits.h"

#include <pthread.h>
#include <string.h>
#include <time.h>

#include "alloc.h"
#include "check.h"
#include "cs_prove.h"
#include "cs_simple.h"
#include "pce.h"
#include "pool.h"
#include "synth.h"
#include "test_circuits.h"
#include "timer.h"

typedef struct cz_test_circuit_entry {
    cz_test_circuit_info info;
    void (*synthesize)(cz_cs *cs, uint32_t size, uint64_t seed);
} cz_test_circuit_entry;

static const cz_test_circuit_entry cz_test_circuits[] = {
    {{"sha256",
      "Filecoin label hash: SHA-256 over replica id, node and 37 parents; size = SHA-256 blocks",
      20, 2, CZ_SHA256_LABEL_MAX_BLOCKS},
     cz_circuit_sha256_label},
    {{"poseidon", "Poseidon arity-8 Merkle inclusion path; size = tree levels", 10, 1,
      CZ_POSEIDON_PATH_MAX_DEPTH},
     cz_circuit_poseidon_path},
};

const cz_test_circuit_info *cz_test_circuit(unsigned index)
{
    return index < CZ_ARRAY_LEN(cz_test_circuits) ? &cz_test_circuits[index].info : NULL;
}

static const char *const cz_synth_backend_names[CZ_SYNTH_BACKENDS] = {
    "prove", "prove_c", "pce", "pce_c", "witness", "check", "count"};

const char *cz_synth_backend_name(cz_synth_backend backend)
{
    return (unsigned)backend < CZ_SYNTH_BACKENDS ? cz_synth_backend_names[backend] : "?";
}

cz_status cz_synth_backend_parse(cz_synth_backend *out, const char *name)
{
    CZ_ARG_CHECK(out != NULL && name != NULL);
    for (unsigned b = 0; b < CZ_SYNTH_BACKENDS; b++)
        if (strcmp(name, cz_synth_backend_names[b]) == 0) {
            *out = (cz_synth_backend)b;
            return CZ_OK;
        }
    return CZ_ERR_INVALID_ARG;
}

/*
 * One instance's output storage, recycled from instance to instance as an engine recycles its
 * per-partition buffers: fresh memory costs a page fault and a page clear per 4 KiB touched,
 * which measured about 20% of the pre-compiled path.
 */
typedef struct cz_synth_buffers {
    struct cz_synth_buffers *next;
    cz_frvec inputs; /* the witness */
    cz_wpack aux;
    cz_frvec a, b, c;                /* prove backends */
    cz_bitvec a_aux, b_input, b_aux; /* prove backends */
    cz_fr *abc;                      /* pce backends: a, b (c), rows each */
} cz_synth_buffers;

struct cz_synth {
    cz_synth_fn fn; /* the circuit: fn(cs, ctx, size, seed) */
    void *ctx;
    void (*free_ctx)(void *ctx);
    uint32_t size;
    cz_synth_backend backend;
    cz_synth_shape shape;
    cz_pce pce;              /* the recorded matrices (pre-compiled backends); zeroed otherwise */
    pthread_mutex_t lock;    /* guards spare and dense_seen */
    cz_synth_buffers *spare; /* buffers of finished instances */
    size_t dense_seen;       /* the most dense aux values an instance had: what the next one
                                reserves, as a prover sizes a shape's witness */
};

static bool cz_synth_precompiled(cz_synth_backend b)
{
    return b == CZ_SYNTH_PCE || b == CZ_SYNTH_PCE_C;
}

static size_t cz_synth_bitvec_bytes(const cz_bitvec *b) { return (b->len + 63) / 64 * 8; }

static size_t cz_synth_frvec_bytes(const cz_frvec *v) { return v->len * sizeof *v->v; }

/* The packed witness as written: its words and dense values. */
static size_t cz_synth_wpack_bytes(const cz_wpack *p)
{
    return (p->len + 63) / 64 * sizeof *p->w + p->dense_len * sizeof *p->dense;
}

static double cz_synth_seconds(void) { return 1e-9 * (double)cz_now_ns(); }

static double cz_synth_cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* A test circuit as a cz_synth_fn. */
static void cz_synth_test_circuit(cz_cs *cs, const void *ctx, uint32_t size, uint64_t seed)
{
    const cz_test_circuit_entry *c = ctx;
    c->synthesize(cs, size, seed);
}

cz_status cz_synth_create(cz_synth **out, const char *circuit, uint32_t size,
                          cz_synth_backend backend)
{
    CZ_ARG_CHECK(out != NULL && circuit != NULL);
    const cz_test_circuit_entry *c = NULL;
    for (size_t i = 0; i < CZ_ARRAY_LEN(cz_test_circuits); i++)
        if (strcmp(circuit, cz_test_circuits[i].info.name) == 0)
            c = &cz_test_circuits[i];
    CZ_ARG_CHECK(c != NULL && size >= c->info.min_size && size <= c->info.max_size);
    return cz_synth_create_fn(out, cz_synth_test_circuit, (void *)c, NULL, size, backend);
}

cz_status cz_synth_create_fn(cz_synth **out, cz_synth_fn fn, void *ctx, void (*free_ctx)(void *),
                             uint32_t size, cz_synth_backend backend)
{
    if (out == NULL || fn == NULL || (unsigned)backend >= CZ_SYNTH_BACKENDS) {
        if (free_ctx)
            free_ctx(ctx);
        return CZ_ERR_INVALID_ARG;
    }
    *out = NULL;
    cz_synth *s = cz_xcalloc(1, sizeof *s);
    pthread_mutex_init(&s->lock, NULL);
    s->fn = fn;
    s->ctx = ctx;
    s->free_ctx = free_ctx;
    s->size = size;
    s->backend = backend;

    cz_cs_count cnt;
    cz_cs_count_init(&cnt);
    fn(&cnt.cs, ctx, size, 0);
    bool with_inputs = backend <= CZ_SYNTH_PCE_C; /* prove and pce add input constraints */
    s->shape.inputs = cnt.cs.num_inputs;
    s->shape.aux = cnt.cs.num_aux;
    s->shape.constraints = cnt.cs.num_constraints + (with_inputs ? cnt.cs.num_inputs : 0);
    cz_status counted = cnt.cs.status; /* a circuit past the variable limit (cs.h) */
    cz_cs_count_free(&cnt);
    if (counted != CZ_OK) {
        cz_synth_destroy(s);
        return counted;
    }

    if (cz_synth_precompiled(backend)) {
        double t0 = cz_synth_seconds(), c0 = cz_synth_cpu_seconds();
        cz_cs_record rec;
        cz_cs_record_init(&rec, &s->pce, backend == CZ_SYNTH_PCE_C);
        fn(&rec.cs, ctx, size, 0);
        cz_status st = cz_cs_record_finish(&rec);
        cz_cs_record_free(&rec);
        s->shape.record_s = cz_synth_seconds() - t0;
        s->shape.record_cpu_s = cz_synth_cpu_seconds() - c0;
        if (st != CZ_OK) {
            cz_synth_destroy(s);
            return st;
        }
        CZ_ASSERT(s->pce.num_constraints == s->shape.constraints);
        for (int k = 0; k < 3; k++)
            s->shape.nnz[k] = s->pce.m[k].nnz;
        s->shape.matrix_bytes = cz_pce_bytes(&s->pce);
    }
    *out = s;
    return CZ_OK;
}

void cz_synth_destroy(cz_synth *s)
{
    if (!s)
        return;
    while (s->spare) {
        cz_synth_buffers *b = s->spare;
        s->spare = b->next;
        cz_frvec_free(&b->inputs), cz_wpack_free(&b->aux);
        cz_frvec_free(&b->a), cz_frvec_free(&b->b), cz_frvec_free(&b->c);
        cz_bitvec_free(&b->a_aux), cz_bitvec_free(&b->b_input), cz_bitvec_free(&b->b_aux);
        cz_free(b->abc);
        cz_free(b);
    }
    pthread_mutex_destroy(&s->lock);
    cz_pce_free(&s->pce);
    if (s->free_ctx)
        s->free_ctx(s->ctx);
    cz_free(s);
}

/* A finished instance's buffers, or fresh (empty) ones. */
static cz_synth_buffers *cz_synth_buffers_get(cz_synth *s)
{
    pthread_mutex_lock(&s->lock);
    cz_synth_buffers *b = s->spare;
    if (b)
        s->spare = b->next;
    pthread_mutex_unlock(&s->lock);
    return b ? b : cz_xcalloc(1, sizeof *b);
}

static void cz_synth_buffers_put(cz_synth *s, cz_synth_buffers *b)
{
    pthread_mutex_lock(&s->lock);
    b->next = s->spare;
    s->spare = b;
    pthread_mutex_unlock(&s->lock);
}

/*
 * cz_synth_lend moves recycled storage into a backend's vector, keeping what the backend has
 * put there already (input 0, ONE, is allocated at initialization); cz_synth_keep moves it back
 * out before the backend is freed.
 */
static void cz_synth_lend(cz_frvec *to, cz_frvec *from)
{
    cz_frvec v = *from;
    *from = (cz_frvec){0};
    v.len = 0;
    cz_frvec_reserve(&v, to->len);
    if (to->len)
        memcpy(v.v, to->v, to->len * sizeof *v.v);
    v.len = to->len;
    cz_frvec_free(to);
    *to = v;
}

static void cz_synth_lend_bits(cz_bitvec *to, cz_bitvec *from)
{
    cz_bitvec b = *from;
    *from = (cz_bitvec){0};
    b.len = 0;
    cz_bitvec_extend0(&b, to->len);
    for (size_t i = 0; i < (to->len + 63) / 64; i++)
        b.w[i] = to->w[i];
    cz_bitvec_free(to);
    *to = b;
}

/* A backend's packed witness is empty until the circuit allocates (ONE is an input). */
static void cz_synth_lend_pack(cz_wpack *to, cz_wpack *from)
{
    CZ_ASSERT(to->len == 0 && to->w == NULL);
    *to = *from;
    *from = (cz_wpack){0};
    to->len = to->dense_len = 0;
}

static void cz_synth_keep_pack(cz_wpack *to, cz_wpack *from)
{
    *to = *from;
    *from = (cz_wpack){0};
}

/* The dense aux values to reserve for, and the count of a finished instance. */
static size_t cz_synth_dense_get(cz_synth *s)
{
    pthread_mutex_lock(&s->lock);
    size_t d = s->dense_seen;
    pthread_mutex_unlock(&s->lock);
    return d;
}

static void cz_synth_dense_put(cz_synth *s, const cz_wpack *p)
{
    pthread_mutex_lock(&s->lock);
    if (p->dense_len > s->dense_seen)
        s->dense_seen = p->dense_len;
    pthread_mutex_unlock(&s->lock);
}

static void cz_synth_keep(cz_frvec *to, cz_frvec *from)
{
    *to = *from;
    *from = (cz_frvec){0};
}

static void cz_synth_keep_bits(cz_bitvec *to, cz_bitvec *from)
{
    *to = *from;
    *from = (cz_bitvec){0};
}

const cz_synth_shape *cz_synth_shape_of(const cz_synth *s) { return &s->shape; }

/* ---- hashing instance 0 ---- */

/* A 64-bit word-wise FNV-1a: only compares runs (backends, builds), never secret. */
static uint64_t cz_synth_hash(uint64_t h, const void *p, size_t bytes)
{
    const unsigned char *b = p;
    for (size_t i = 0; i + 8 <= bytes; i += 8) {
        uint64_t w;
        memcpy(&w, b + i, 8);
        h = (h ^ w) * 0x100000001b3ull;
        h ^= h >> 29;
    }
    return h;
}

#define CZ_SYNTH_HASH_INIT 0xcbf29ce484222325ull

static uint64_t cz_synth_hash_bits(uint64_t h, const cz_bitvec *b)
{
    /* whole words below len, then the last one masked: bits past len are not part of it */
    size_t full = b->len / 64;
    h = cz_synth_hash(h, b->w, full * sizeof *b->w);
    if (b->len % 64) {
        uint64_t w = b->w[full] & (((uint64_t)1 << (b->len % 64)) - 1);
        h = cz_synth_hash(h, &w, sizeof w);
    }
    return cz_synth_hash(h, &b->len, sizeof b->len);
}

typedef struct cz_synth_outputs {
    const cz_frvec *inputs;
    const cz_wpack *aux;
    const cz_fr *abc[3]; /* c NULL: derived as a∘b for the hash */
    size_t rows;
    const cz_bitvec *density[3];
} cz_synth_outputs;

static void cz_synth_hash_outputs(cz_synth_stats *st, const cz_synth_outputs *o)
{
    if (o->inputs) {
        uint64_t h =
            cz_synth_hash(CZ_SYNTH_HASH_INIT, o->inputs->v, o->inputs->len * sizeof(cz_fr));
        cz_fr *aux = cz_xmalloc((o->aux->len ? o->aux->len : 1) * sizeof *aux);
        cz_wpack_unpack(o->aux, aux, NULL);
        st->witness_hash = cz_synth_hash(h, aux, o->aux->len * sizeof(cz_fr));
        st->binary_aux = 0;
        for (size_t i = 0; i < o->aux->len; i++)
            st->binary_aux += cz_fr_is_zero(&aux[i]) || cz_fr_is_one(&aux[i]);
        cz_free(aux);
    }
    if (o->abc[0]) {
        uint64_t h = CZ_SYNTH_HASH_INIT;
        for (int k = 0; k < 2; k++)
            h = cz_synth_hash(h, o->abc[k], o->rows * sizeof(cz_fr));
        st->ab_hash = h;
        h = CZ_SYNTH_HASH_INIT;
        for (size_t i = 0; i < o->rows; i++) {
            cz_fr c;
            if (o->abc[2])
                c = o->abc[2][i];
            else
                cz_fr_mul(&c, &o->abc[0][i], &o->abc[1][i]);
            h = cz_synth_hash(h, &c, sizeof c);
        }
        st->c_hash = h;
    }
    if (o->density[0]) {
        uint64_t h = CZ_SYNTH_HASH_INIT;
        for (int k = 0; k < 3; k++)
            h = cz_synth_hash_bits(h, o->density[k]);
        st->density_hash = h;
    }
}

/* ---- one instance per backend ---- */

typedef struct cz_synth_instance {
    double witness_s, eval_s;
    size_t abc_bytes, witness_bytes, density_bytes, dense_aux;
    cz_status status;
} cz_synth_instance;

typedef struct cz_synth_job {
    cz_synth *s; /* its spare buffers change; the rest is read-only during a run */
    cz_pool *pool;
    uint64_t seed;
    unsigned flags;
    cz_synth_instance *result; /* per instance */
    cz_synth_stats *stats;     /* instance 0's hashes */
} cz_synth_job;

static void cz_synth_prove(const cz_synth_job *job, size_t i, cz_synth_outputs *o)
{
    cz_synth *s = job->s;
    cz_synth_instance *r = &job->result[i];
    cz_synth_buffers *buf = cz_synth_buffers_get(s);
    cz_cs_prove p;
    cz_cs_prove_init(&p, s->backend == CZ_SYNTH_PROVE_C ? CZ_CS_PROVE_ABC : CZ_CS_PROVE_AB, NULL,
                     NULL);
    cz_synth_lend(&p.inputs, &buf->inputs), cz_synth_lend_pack(&p.aux, &buf->aux);
    cz_synth_lend(&p.a, &buf->a), cz_synth_lend(&p.b, &buf->b), cz_synth_lend(&p.c, &buf->c);
    cz_synth_lend_bits(&p.a_aux, &buf->a_aux), cz_synth_lend_bits(&p.b_input, &buf->b_input);
    cz_synth_lend_bits(&p.b_aux, &buf->b_aux);
    /* sized from the counting pass, as an engine sizes them from the circuit's known shape */
    size_t rows = s->shape.constraints;
    if (job->flags & CZ_SYNTH_DOMAIN)
        while (rows & (rows - 1))
            rows += rows & -rows;
    cz_cs_prove_reserve(&p, rows, s->shape.inputs, s->shape.aux, cz_synth_dense_get(s));
    double t0 = cz_synth_seconds();
    s->fn(&p.cs, s->ctx, s->size, job->seed + i);
    double t1 = cz_synth_seconds();
    cz_cs_prove_finish(&p);
    r->witness_s = t1 - t0;
    r->eval_s = cz_synth_seconds() - t1;
    r->status = p.cs.status;
    r->abc_bytes =
        cz_synth_frvec_bytes(&p.a) + cz_synth_frvec_bytes(&p.b) + cz_synth_frvec_bytes(&p.c);
    r->witness_bytes = cz_synth_frvec_bytes(&p.inputs) + cz_synth_wpack_bytes(&p.aux);
    r->density_bytes = cz_synth_bitvec_bytes(&p.a_aux) + cz_synth_bitvec_bytes(&p.b_input) +
                       cz_synth_bitvec_bytes(&p.b_aux);
    r->dense_aux = p.aux.dense_len;
    cz_synth_dense_put(s, &p.aux);
    if (o) {
        *o = (cz_synth_outputs){&p.inputs,
                                &p.aux,
                                {p.a.v, p.b.v, p.c.len ? p.c.v : NULL},
                                p.a.len,
                                {&p.a_aux, &p.b_input, &p.b_aux}};
        cz_synth_hash_outputs(job->stats, o);
    }
    cz_synth_keep(&buf->inputs, &p.inputs), cz_synth_keep_pack(&buf->aux, &p.aux);
    cz_synth_keep(&buf->a, &p.a), cz_synth_keep(&buf->b, &p.b), cz_synth_keep(&buf->c, &p.c);
    cz_synth_keep_bits(&buf->a_aux, &p.a_aux), cz_synth_keep_bits(&buf->b_input, &p.b_input);
    cz_synth_keep_bits(&buf->b_aux, &p.b_aux);
    cz_synth_buffers_put(s, buf);
    cz_cs_prove_free(&p);
}

static void cz_synth_pce(const cz_synth_job *job, size_t i, cz_synth_outputs *o)
{
    cz_synth *s = job->s;
    cz_synth_instance *r = &job->result[i];
    cz_synth_buffers *buf = cz_synth_buffers_get(s);
    cz_cs_witness w;
    cz_cs_witness_init(&w);
    cz_synth_lend(&w.inputs, &buf->inputs), cz_synth_lend_pack(&w.aux, &buf->aux);
    cz_cs_witness_reserve(&w, s->shape.inputs, s->shape.aux, cz_synth_dense_get(s));
    double t0 = cz_synth_seconds();
    s->fn(&w.cs, s->ctx, s->size, job->seed + i);
    double t1 = cz_synth_seconds();
    size_t rows = s->pce.num_constraints, outputs = s->pce.has_c ? 3 : 2;
    if (!buf->abc)
        buf->abc = cz_try_alloc(outputs * rows * sizeof *buf->abc);
    cz_fr *abc = buf->abc;
    r->status = w.cs.status;
    if (abc == NULL) {
        r->status = CZ_ERR_NOMEM;
    } else if (r->status == CZ_OK) {
        r->status = cz_pce_eval(&s->pce, job->pool, w.inputs.v, &w.aux, abc, abc + rows,
                                s->pce.has_c ? abc + 2 * rows : NULL, NULL);
    }
    r->witness_s = t1 - t0;
    r->eval_s = cz_synth_seconds() - t1;
    r->abc_bytes = outputs * rows * sizeof *abc;
    r->witness_bytes = cz_synth_frvec_bytes(&w.inputs) + cz_synth_wpack_bytes(&w.aux);
    /* the densities belong to the shape, but every proof reads them */
    r->density_bytes = cz_synth_bitvec_bytes(&s->pce.a_aux) +
                       cz_synth_bitvec_bytes(&s->pce.b_input) +
                       cz_synth_bitvec_bytes(&s->pce.b_aux);
    r->dense_aux = w.aux.dense_len;
    cz_synth_dense_put(s, &w.aux);
    if (o && abc) {
        *o = (cz_synth_outputs){&w.inputs,
                                &w.aux,
                                {abc, abc + rows, s->pce.has_c ? abc + 2 * rows : NULL},
                                rows,
                                {&s->pce.a_aux, &s->pce.b_input, &s->pce.b_aux}};
        cz_synth_hash_outputs(job->stats, o);
    }
    cz_synth_keep(&buf->inputs, &w.inputs), cz_synth_keep_pack(&buf->aux, &w.aux);
    cz_synth_buffers_put(s, buf);
    cz_cs_witness_free(&w);
}

static void cz_synth_light(const cz_synth_job *job, size_t i, cz_synth_outputs *o)
{
    cz_synth *s = job->s;
    cz_synth_instance *r = &job->result[i];
    uint64_t seed = job->seed + i;
    double t0 = cz_synth_seconds();
    if (s->backend == CZ_SYNTH_WITNESS) {
        cz_synth_buffers *buf = cz_synth_buffers_get(s);
        cz_cs_witness w;
        cz_cs_witness_init(&w);
        cz_synth_lend(&w.inputs, &buf->inputs), cz_synth_lend_pack(&w.aux, &buf->aux);
        cz_cs_witness_reserve(&w, s->shape.inputs, s->shape.aux, cz_synth_dense_get(s));
        s->fn(&w.cs, s->ctx, s->size, seed);
        r->witness_s = cz_synth_seconds() - t0;
        r->status = w.cs.status;
        r->witness_bytes = cz_synth_frvec_bytes(&w.inputs) + cz_synth_wpack_bytes(&w.aux);
        r->dense_aux = w.aux.dense_len;
        cz_synth_dense_put(s, &w.aux);
        if (o) {
            *o = (cz_synth_outputs){.inputs = &w.inputs, .aux = &w.aux};
            cz_synth_hash_outputs(job->stats, o);
        }
        cz_synth_keep(&buf->inputs, &w.inputs), cz_synth_keep_pack(&buf->aux, &w.aux);
        cz_synth_buffers_put(s, buf);
        cz_cs_witness_free(&w);
    } else if (s->backend == CZ_SYNTH_CHECK) {
        cz_cs_check c;
        cz_cs_check_init(&c);
        s->fn(&c.cs, s->ctx, s->size, seed);
        r->witness_s = cz_synth_seconds() - t0;
        r->status = c.cs.status;
        r->witness_bytes = cz_synth_frvec_bytes(&c.inputs) + cz_synth_frvec_bytes(&c.aux);
        if (o) {
            /* the checking backend keeps aux unpacked: pack a copy for the hash */
            cz_wpack aux = {0};
            for (size_t k = 0; k < c.aux.len; k++)
                cz_wpack_push(&aux, &c.aux.v[k]);
            *o = (cz_synth_outputs){.inputs = &c.inputs, .aux = &aux};
            cz_synth_hash_outputs(job->stats, o);
            cz_wpack_free(&aux);
        }
        cz_cs_check_free(&c);
    } else {
        cz_cs_count c;
        cz_cs_count_init(&c);
        s->fn(&c.cs, s->ctx, s->size, seed);
        r->witness_s = cz_synth_seconds() - t0;
        r->status = c.cs.status;
        cz_cs_count_free(&c);
    }
}

static void cz_synth_instances(void *ctx, size_t begin, size_t end)
{
    const cz_synth_job *job = ctx;
    for (size_t i = begin; i < end; i++) {
        cz_synth_outputs o, *hash = (i == 0 && (job->flags & CZ_SYNTH_HASH)) ? &o : NULL;
        switch (job->s->backend) {
        case CZ_SYNTH_PROVE:
        case CZ_SYNTH_PROVE_C: cz_synth_prove(job, i, hash); break;
        case CZ_SYNTH_PCE:
        case CZ_SYNTH_PCE_C: cz_synth_pce(job, i, hash); break;
        default: cz_synth_light(job, i, hash); break;
        }
    }
}

cz_status cz_synth_run(cz_synth *s, cz_pool *pool, unsigned instances, uint64_t seed,
                       unsigned flags, cz_synth_stats *out)
{
    CZ_ARG_CHECK(s != NULL && out != NULL && instances >= 1);
    *out = (cz_synth_stats){.instances = instances};
    cz_synth_instance *result = cz_try_alloc(instances * sizeof *result);
    if (!result)
        return CZ_ERR_NOMEM;
    memset(result, 0, instances * sizeof *result);
    cz_synth_job job = {s, pool, seed, flags, result, out};
    double t0 = cz_synth_seconds(), c0 = cz_synth_cpu_seconds();
    cz_pool_parallel_for(pool, instances, 1, cz_synth_instances, &job);
    out->wall_s = cz_synth_seconds() - t0;
    out->cpu_s = cz_synth_cpu_seconds() - c0;
    cz_status st = CZ_OK;
    for (unsigned i = 0; i < instances; i++) {
        out->witness_s += result[i].witness_s;
        out->eval_s += result[i].eval_s;
        if (st == CZ_OK)
            st = result[i].status;
    }
    const cz_synth_instance *r0 = &result[0];
    out->abc_bytes = r0->abc_bytes;
    out->witness_bytes = r0->witness_bytes;
    out->density_bytes = r0->density_bytes;
    out->output_bytes = r0->abc_bytes + r0->witness_bytes + r0->density_bytes;
    out->dense_aux = r0->dense_aux;
    cz_free(result);
    return st;
}
