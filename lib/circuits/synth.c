/*
 * Synthesis runs of the test circuits (include/cuzk/circuits.h): each backend driven the way the
 * prover drives it, timed by phase.
 */
#include "cuzk/circuits.h"

#include <pthread.h>
#include <string.h>

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
    "prove", "prove_ab", "pce", "pce_ab", "witness", "check", "count"};

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
    cz_frvec inputs, aux;            /* the witness */
    cz_frvec a, b, c;                /* prove backends */
    cz_bitvec a_aux, b_input, b_aux; /* prove backends */
    cz_fr *abc;                      /* pce backends: a, b, c, rows each */
} cz_synth_buffers;

struct cz_synth {
    cz_synth_fn fn; /* the circuit: fn(cs, ctx, size, seed) */
    void *ctx;
    void (*free_ctx)(void *ctx);
    uint32_t size;
    cz_synth_backend backend;
    cz_synth_shape shape;
    cz_pce pce;              /* the recorded matrices (pre-compiled backends); zeroed otherwise */
    pthread_mutex_t lock;    /* guards spare */
    cz_synth_buffers *spare; /* buffers of finished instances */
};

static bool cz_synth_precompiled(cz_synth_backend b)
{
    return b == CZ_SYNTH_PCE || b == CZ_SYNTH_PCE_AB;
}

static size_t cz_synth_bitvec_bytes(const cz_bitvec *b) { return b->cap * sizeof *b->w; }

static size_t cz_synth_frvec_bytes(const cz_frvec *v) { return v->cap * sizeof *v->v; }

static double cz_synth_seconds(void) { return 1e-9 * (double)cz_now_ns(); }

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
    bool with_inputs = backend <= CZ_SYNTH_PCE_AB; /* prove and pce add input constraints */
    s->shape.inputs = cnt.cs.num_inputs;
    s->shape.aux = cnt.cs.num_aux;
    s->shape.constraints = cnt.cs.num_constraints + (with_inputs ? cnt.cs.num_inputs : 0);
    cz_cs_count_free(&cnt);

    if (cz_synth_precompiled(backend)) {
        double t0 = cz_synth_seconds();
        cz_cs_record rec;
        cz_cs_record_init(&rec, &s->pce);
        fn(&rec.cs, ctx, size, 0);
        cz_cs_record_finish(&rec);
        cz_cs_record_free(&rec);
        s->shape.record_s = cz_synth_seconds() - t0;
        CZ_ASSERT(s->pce.num_constraints == s->shape.constraints);
        size_t bytes = cz_synth_bitvec_bytes(&s->pce.a_aux) +
                       cz_synth_bitvec_bytes(&s->pce.b_input) +
                       cz_synth_bitvec_bytes(&s->pce.b_aux);
        for (int k = 0; k < 3; k++) {
            const cz_csr *m = &s->pce.m[k];
            s->shape.nnz[k] = m->nnz;
            bytes += (m->rows + 1) * sizeof *m->row_ptr + m->nnz * sizeof *m->cols +
                     m->nnz * sizeof *m->coeffs + m->pool_len * sizeof *m->pool;
        }
        s->shape.matrix_bytes = bytes;
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
        cz_frvec_free(&b->inputs), cz_frvec_free(&b->aux);
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
    const cz_frvec *inputs, *aux;
    const cz_fr *abc[3];
    size_t rows;
    const cz_bitvec *density[3];
} cz_synth_outputs;

static void cz_synth_hash_outputs(cz_synth_stats *st, const cz_synth_outputs *o)
{
    if (o->inputs) {
        uint64_t h =
            cz_synth_hash(CZ_SYNTH_HASH_INIT, o->inputs->v, o->inputs->len * sizeof(cz_fr));
        st->witness_hash = cz_synth_hash(h, o->aux->v, o->aux->len * sizeof(cz_fr));
        st->binary_aux = 0;
        for (size_t i = 0; i < o->aux->len; i++)
            st->binary_aux += cz_fr_is_zero(&o->aux->v[i]) || cz_fr_is_one(&o->aux->v[i]);
    }
    if (o->abc[0]) {
        uint64_t h = CZ_SYNTH_HASH_INIT;
        for (int k = 0; k < 3; k++)
            h = cz_synth_hash(h, o->abc[k], o->rows * sizeof(cz_fr));
        st->abc_hash = h;
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
    size_t bytes;
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
    cz_cs_prove_init(&p, s->backend == CZ_SYNTH_PROVE, NULL, NULL);
    cz_synth_lend(&p.inputs, &buf->inputs), cz_synth_lend(&p.aux, &buf->aux);
    cz_synth_lend(&p.a, &buf->a), cz_synth_lend(&p.b, &buf->b), cz_synth_lend(&p.c, &buf->c);
    cz_synth_lend_bits(&p.a_aux, &buf->a_aux), cz_synth_lend_bits(&p.b_input, &buf->b_input);
    cz_synth_lend_bits(&p.b_aux, &buf->b_aux);
    /* sized from the counting pass, as an engine sizes them from the circuit's known shape */
    cz_cs_prove_reserve(&p, s->shape.constraints, s->shape.inputs, s->shape.aux);
    double t0 = cz_synth_seconds();
    s->fn(&p.cs, s->ctx, s->size, job->seed + i);
    double t1 = cz_synth_seconds();
    cz_cs_prove_finish(&p);
    r->witness_s = t1 - t0;
    r->eval_s = cz_synth_seconds() - t1;
    r->status = p.cs.status;
    r->bytes = cz_synth_frvec_bytes(&p.inputs) + cz_synth_frvec_bytes(&p.aux) +
               cz_synth_frvec_bytes(&p.a) + cz_synth_frvec_bytes(&p.b) +
               cz_synth_frvec_bytes(&p.c) + cz_synth_bitvec_bytes(&p.a_aux) +
               cz_synth_bitvec_bytes(&p.b_input) + cz_synth_bitvec_bytes(&p.b_aux);
    if (o) {
        *o = (cz_synth_outputs){
            &p.inputs, &p.aux, {p.a.v, p.b.v, p.c.v}, p.a.len, {&p.a_aux, &p.b_input, &p.b_aux}};
        cz_synth_hash_outputs(job->stats, o);
    }
    cz_synth_keep(&buf->inputs, &p.inputs), cz_synth_keep(&buf->aux, &p.aux);
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
    cz_synth_lend(&w.inputs, &buf->inputs), cz_synth_lend(&w.aux, &buf->aux);
    cz_cs_witness_reserve(&w, s->shape.inputs, s->shape.aux);
    double t0 = cz_synth_seconds();
    s->fn(&w.cs, s->ctx, s->size, job->seed + i);
    double t1 = cz_synth_seconds();
    size_t rows = s->pce.num_constraints;
    if (!buf->abc)
        buf->abc = cz_try_alloc(3 * rows * sizeof *buf->abc);
    cz_fr *abc = buf->abc;
    r->status = w.cs.status;
    if (abc == NULL) {
        r->status = CZ_ERR_NOMEM;
    } else if (r->status == CZ_OK) {
        cz_pce_eval(&s->pce, job->pool, w.inputs.v, w.aux.v, abc, abc + rows, abc + 2 * rows,
                    s->backend == CZ_SYNTH_PCE_AB);
    }
    r->witness_s = t1 - t0;
    r->eval_s = cz_synth_seconds() - t1;
    /* the densities belong to the shape, but a prover hands them on with each proof */
    r->bytes = cz_synth_frvec_bytes(&w.inputs) + cz_synth_frvec_bytes(&w.aux) +
               3 * rows * sizeof *abc + cz_synth_bitvec_bytes(&s->pce.a_aux) +
               cz_synth_bitvec_bytes(&s->pce.b_input) + cz_synth_bitvec_bytes(&s->pce.b_aux);
    if (o && abc) {
        *o = (cz_synth_outputs){&w.inputs,
                                &w.aux,
                                {abc, abc + rows, abc + 2 * rows},
                                rows,
                                {&s->pce.a_aux, &s->pce.b_input, &s->pce.b_aux}};
        cz_synth_hash_outputs(job->stats, o);
    }
    cz_synth_keep(&buf->inputs, &w.inputs), cz_synth_keep(&buf->aux, &w.aux);
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
        cz_synth_lend(&w.inputs, &buf->inputs), cz_synth_lend(&w.aux, &buf->aux);
        cz_cs_witness_reserve(&w, s->shape.inputs, s->shape.aux);
        s->fn(&w.cs, s->ctx, s->size, seed);
        r->witness_s = cz_synth_seconds() - t0;
        r->status = w.cs.status;
        r->bytes = cz_synth_frvec_bytes(&w.inputs) + cz_synth_frvec_bytes(&w.aux);
        if (o) {
            *o = (cz_synth_outputs){.inputs = &w.inputs, .aux = &w.aux};
            cz_synth_hash_outputs(job->stats, o);
        }
        cz_synth_keep(&buf->inputs, &w.inputs), cz_synth_keep(&buf->aux, &w.aux);
        cz_synth_buffers_put(s, buf);
        cz_cs_witness_free(&w);
    } else if (s->backend == CZ_SYNTH_CHECK) {
        cz_cs_check c;
        cz_cs_check_init(&c);
        s->fn(&c.cs, s->ctx, s->size, seed);
        r->witness_s = cz_synth_seconds() - t0;
        r->status = c.cs.status;
        r->bytes = cz_synth_frvec_bytes(&c.inputs) + cz_synth_frvec_bytes(&c.aux);
        if (o) {
            *o = (cz_synth_outputs){.inputs = &c.inputs, .aux = &c.aux};
            cz_synth_hash_outputs(job->stats, o);
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
        case CZ_SYNTH_PROVE_AB: cz_synth_prove(job, i, hash); break;
        case CZ_SYNTH_PCE:
        case CZ_SYNTH_PCE_AB: cz_synth_pce(job, i, hash); break;
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
    double t0 = cz_synth_seconds();
    cz_pool_parallel_for(pool, instances, 1, cz_synth_instances, &job);
    out->wall_s = cz_synth_seconds() - t0;
    cz_status st = CZ_OK;
    for (unsigned i = 0; i < instances; i++) {
        out->witness_s += result[i].witness_s;
        out->eval_s += result[i].eval_s;
        if (st == CZ_OK)
            st = result[i].status;
    }
    out->output_bytes = result[0].bytes;
    cz_free(result);
    return st;
}
