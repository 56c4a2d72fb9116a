/*
 * The test circuits (lib/circuits): the same shape on every backend, identical outputs from the
 * proving assignment and the pre-compiled path, satisfied witnesses whose public outputs match
 * the native hashes, and the synthesis-run API of include/cuzk/circuits.h.
 */
#include <stdlib.h>
#include <string.h>

#include "cs_prove.h"
#include "cs_simple.h"
#include "cuzk/circuits.h"
#include "cz_test.h"
#include "gadget_test.h"
#include "pce.h"
#include "poseidon.h"
#include "rand.h"
#include "sha256.h"
#include "test_circuits.h"

typedef void (*circuit_fn)(cz_cs *cs, uint32_t size, uint64_t seed);

/* Every backend sees the same shape; prove (C evaluated and c derived), the pre-compiled path
 * (C evaluated and c derived, the matrices recorded from another seed) agree bit for bit; the
 * check backend finds the witness satisfied. */
static void backends_agree(circuit_fn circuit, uint32_t size, uint64_t seed)
{
    cz_test_note("size %u seed %llu", size, (unsigned long long)seed);
    cz_cs_count cnt;
    cz_cs_count_init(&cnt);
    circuit(&cnt.cs, size, seed);

    cz_cs_check chk;
    cz_cs_check_init(&chk);
    circuit(&chk.cs, size, seed);
    CZ_CHECK(!chk.failed && chk.cs.status == CZ_OK);
    CZ_CHECK(chk.cs.num_constraints == cnt.cs.num_constraints);
    CZ_CHECK(chk.cs.num_inputs == cnt.cs.num_inputs && chk.cs.num_aux == cnt.cs.num_aux);

    cz_cs_prove p, q;
    cz_cs_prove_init(&p, true, NULL, NULL);
    cz_cs_prove_init(&q, false, NULL, NULL);
    circuit(&p.cs, size, seed);
    circuit(&q.cs, size, seed);
    cz_cs_prove_finish(&p);
    cz_cs_prove_finish(&q);
    size_t rows = (size_t)cnt.cs.num_constraints + cnt.cs.num_inputs;
    CZ_CHECK(p.cs.status == CZ_OK && p.a.len == rows && q.a.len == rows);
    CZ_CHECK(gt_fr_eq_n(p.aux.v, chk.aux.v, chk.aux.len) && p.aux.len == chk.aux.len);
    CZ_CHECK(gt_fr_eq_n(p.a.v, q.a.v, rows) && gt_fr_eq_n(p.b.v, q.b.v, rows));
    CZ_CHECK(gt_fr_eq_n(p.c.v, q.c.v, rows)); /* satisfied: ⟨C,z⟩ = a·b on every row */

    cz_pce pce;
    cz_cs_record rec;
    cz_cs_record_init(&rec, &pce);
    circuit(&rec.cs, size, seed ^ 0x9e3779b97f4a7c15ull);
    cz_cs_record_finish(&rec);
    cz_cs_record_free(&rec);
    CZ_CHECK(pce.num_constraints == rows && pce.num_aux == cnt.cs.num_aux);
    CZ_CHECK(pce.num_inputs == cnt.cs.num_inputs);
    CZ_CHECK(gt_bitvec_eq(&pce.a_aux, &p.a_aux) && gt_bitvec_eq(&pce.b_input, &p.b_input) &&
             gt_bitvec_eq(&pce.b_aux, &p.b_aux));

    cz_cs_witness w;
    cz_cs_witness_init(&w);
    circuit(&w.cs, size, seed);
    CZ_CHECK(w.aux.len == p.aux.len && gt_fr_eq_n(w.aux.v, p.aux.v, p.aux.len));
    CZ_CHECK(w.inputs.len == p.inputs.len && gt_fr_eq_n(w.inputs.v, p.inputs.v, p.inputs.len));
    cz_fr *abc = malloc(3 * rows * sizeof *abc);
    cz_pool *pool = NULL;
    CZ_CHECK_OK(cz_pool_create(&pool, 2, 0, "circuits"));
    for (int derive = 0; derive < 2; derive++) {
        memset(abc, 0, 3 * rows * sizeof *abc);
        cz_pce_eval(&pce, derive ? pool : NULL, w.inputs.v, w.aux.v, abc, abc + rows,
                    abc + 2 * rows, derive);
        CZ_CHECK(gt_fr_eq_n(abc, p.a.v, rows));
        CZ_CHECK(gt_fr_eq_n(abc + rows, p.b.v, rows));
        CZ_CHECK(gt_fr_eq_n(abc + 2 * rows, p.c.v, rows));
    }
    cz_pool_destroy(pool);
    free(abc);
    cz_cs_witness_free(&w);
    cz_pce_free(&pce);
    cz_cs_prove_free(&q);
    cz_cs_prove_free(&p);
    cz_cs_check_free(&chk);
    cz_cs_count_free(&cnt);
}

static void test_circuits_sha256_backends(void)
{
    uint64_t seed = cz_rng_u64(cz_test_rng());
    backends_agree(cz_circuit_sha256_label, 2, seed);
    backends_agree(cz_circuit_sha256_label, 3, seed + 1);
}

static void test_circuits_poseidon_backends(void)
{
    uint64_t seed = cz_rng_u64(cz_test_rng());
    backends_agree(cz_circuit_poseidon_path, 1, seed);
    backends_agree(cz_circuit_poseidon_path, 4, seed + 1);
}

/* The circuits' draws, in their order (sha256_label.c, poseidon_path.c). */
static void draw_fr(cz_rng *rng, cz_fr *r)
{
    uint8_t b[64];
    cz_rng_bytes(rng, b, sizeof b);
    cz_fr_from_bytes_wide(r, b);
}

/* The label computed natively from the same draws: SHA-256 over the 32-byte slots, then the
 * digest read as a little-endian integer and cut to 254 bits. */
static void native_label(cz_fr *out, uint32_t blocks, uint64_t seed)
{
    uint32_t slots = (blocks * 512 - 65) / 256, parents = slots - 2;
    uint32_t distinct = parents < 14 ? parents : 14;
    uint8_t *msg = calloc(slots, 32);
    cz_rng rng;
    cz_rng_seed(&rng, seed);
    cz_fr v;
    draw_fr(&rng, &v);
    cz_fr_to_bytes_le(msg, &v);
    uint32_t layer = 2;
    uint64_t node = cz_rng_u64(&rng) >> 30;
    for (int i = 0; i < 4; i++)
        msg[32 + i] = (uint8_t)(layer >> (24 - 8 * i));
    for (int i = 0; i < 8; i++)
        msg[36 + i] = (uint8_t)(node >> (56 - 8 * i));
    for (uint32_t p = 0; p < distinct; p++) {
        draw_fr(&rng, &v);
        cz_fr_to_bytes_le(msg + 32 * (2 + p), &v);
    }
    for (uint32_t p = distinct; p < parents; p++)
        memcpy(msg + 32 * (2 + p), msg + 32 * (2 + p % distinct), 32);
    uint8_t digest[32];
    cz_sha256_native(digest, msg, (size_t)slots * 32);
    free(msg);
    digest[31] &= 0x3f; /* 254 bits */
    uint64_t limbs[4];
    for (int k = 0; k < 4; k++) {
        limbs[k] = 0;
        for (int i = 7; i >= 0; i--)
            limbs[k] = limbs[k] << 8 | digest[8 * k + i];
    }
    CZ_CHECK_OK(cz_fr_from_canonical(out, limbs));
}

static void native_root(cz_fr *out, uint64_t *path, uint32_t depth, uint64_t seed)
{
    cz_rng rng;
    cz_rng_seed(&rng, seed);
    cz_fr in[8];
    draw_fr(&rng, &in[0]);
    *path = 0;
    for (uint32_t level = 0; level < depth; level++) {
        *path |= (cz_rng_u64(&rng) & 7) << (3 * level);
        for (int i = 1; i < 8; i++)
            draw_fr(&rng, &in[i]);
        cz_poseidon_hash(&in[0], 8, in);
    }
    *out = in[0];
}

/* The public outputs are the native hashes of the same draws (the witness is the real one). */
static void test_circuits_native(void)
{
    uint64_t seed = cz_rng_u64(cz_test_rng());
    for (uint32_t blocks = 2; blocks <= 4; blocks += 2) {
        cz_cs_witness w;
        cz_cs_witness_init(&w);
        cz_circuit_sha256_label(&w.cs, blocks, seed);
        cz_fr want;
        native_label(&want, blocks, seed);
        CZ_CHECK(w.inputs.len == 2 && cz_fr_eq(&w.inputs.v[1], &want));
        cz_cs_witness_free(&w);
    }
    for (uint32_t depth = 1; depth <= 3; depth++) {
        cz_cs_witness w;
        cz_cs_witness_init(&w);
        cz_circuit_poseidon_path(&w.cs, depth, seed);
        cz_fr root, packed;
        uint64_t path;
        native_root(&root, &path, depth, seed);
        cz_fr_from_u64(&packed, path);
        CZ_CHECK(w.inputs.len == 3 && cz_fr_eq(&w.inputs.v[1], &packed) &&
                 cz_fr_eq(&w.inputs.v[2], &root));
        cz_cs_witness_free(&w);
    }
}

/* The sizes the benchmark runs: the constraint counts test_circuits.h quotes. */
static void test_circuits_default_shapes(void)
{
    cz_cs_count c;
    cz_cs_count_init(&c);
    cz_circuit_sha256_label(&c.cs, 20, 0);
    cz_test_note("sha256 20 blocks: %llu constraints, %u aux",
                 (unsigned long long)c.cs.num_constraints, c.cs.num_aux);
    CZ_CHECK(c.cs.num_constraints == 526174 && c.cs.num_inputs == 2);
    cz_cs_count_free(&c);
    cz_cs_count_init(&c);
    cz_circuit_poseidon_path(&c.cs, 10, 0);
    cz_test_note("poseidon depth 10: %llu constraints, %u aux",
                 (unsigned long long)c.cs.num_constraints, c.cs.num_aux);
    /* per level 3 index bits and one arity-8 hash (505), then packing and the root */
    CZ_CHECK(c.cs.num_constraints == 10 * (3 + 505) + 2 && c.cs.num_inputs == 3);
    cz_cs_count_free(&c);
}

/* The run API: every backend producing a, b, c gives the same ones, every backend with a
 * witness the same witness, and the densities of prove and pce agree. */
static void test_circuits_synth_api(void)
{
    cz_pool *pool = NULL;
    CZ_CHECK_OK(cz_pool_create(&pool, 1, 0, "synth"));
    for (unsigned ci = 0; cz_test_circuit(ci) != NULL; ci++) {
        const cz_test_circuit_info *info = cz_test_circuit(ci);
        uint32_t size = info->min_size + 1;
        uint64_t abc = 0, wit = 0, dens = 0, constraints = 0;
        for (unsigned b = 0; b < CZ_SYNTH_BACKENDS; b++) {
            cz_synth *s = NULL;
            cz_synth_backend backend;
            CZ_CHECK_OK(cz_synth_backend_parse(&backend, cz_synth_backend_name(b)));
            CZ_CHECK(backend == (cz_synth_backend)b);
            if (!CZ_CHECK_OK(cz_synth_create(&s, info->name, size, backend)))
                continue;
            cz_synth_stats st;
            CZ_CHECK_OK(cz_synth_run(s, b % 2 ? pool : NULL, 3, 7, CZ_SYNTH_HASH, &st));
            CZ_CHECK(st.instances == 3 && st.wall_s > 0);
            const cz_synth_shape *shape = cz_synth_shape_of(s);
            if (backend <= CZ_SYNTH_PCE_AB) {
                if (constraints == 0)
                    constraints = shape->constraints;
                CZ_CHECK(shape->constraints == constraints);
                if (abc == 0)
                    abc = st.abc_hash, dens = st.density_hash;
                CZ_CHECK(st.abc_hash == abc && st.density_hash == dens);
                CZ_CHECK(st.output_bytes >= 3 * 32 * constraints);
            }
            if (backend != CZ_SYNTH_COUNT) {
                if (wit == 0)
                    wit = st.witness_hash;
                CZ_CHECK(st.witness_hash == wit && st.binary_aux > 0);
            }
            CZ_CHECK((shape->nnz[0] > 0) ==
                     (backend == CZ_SYNTH_PCE || backend == CZ_SYNTH_PCE_AB));
            cz_synth_destroy(s);
        }
        CZ_CHECK(abc != 0 && wit != 0 && dens != 0);
    }
    cz_pool_destroy(pool);
    cz_synth *s = NULL;
    cz_synth_backend b;
    CZ_CHECK(cz_synth_backend_parse(&b, "nope") == CZ_ERR_INVALID_ARG);
    CZ_CHECK(cz_synth_create(&s, "nope", 1, CZ_SYNTH_COUNT) == CZ_ERR_INVALID_ARG);
    CZ_CHECK(cz_synth_create(&s, "sha256", 1, CZ_SYNTH_COUNT) == CZ_ERR_INVALID_ARG);
    CZ_CHECK(cz_synth_create(&s, "poseidon", 0, CZ_SYNTH_COUNT) == CZ_ERR_INVALID_ARG);
    CZ_CHECK(s == NULL);
    cz_synth_destroy(NULL);
}

CZ_TEST_MODULE(circuits, {"sha256_backends", test_circuits_sha256_backends},
               {"poseidon_backends", test_circuits_poseidon_backends},
               {"native", test_circuits_native}, {"default_shapes", test_circuits_default_shapes},
               {"synth_api", test_circuits_synth_api});
