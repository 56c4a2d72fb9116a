/*
 * PoSt inputs against outside facts (lib/circuits/filecoin/post/):
 *   challenges: generate_leaf_challenge and get_challenge_index of rust-fil-proofs 87348a74
 *               (storage-proofs-post fallback/{vanilla,utils}.rs): the leaves Curio's golden
 *               file opens (randomness 0, sector 1, indices 0…9 at 32 GiB), and vectors from an
 *               independent implementation (Python hashlib) at other sector indices; the slots
 *               of Window (padding) and Winning (66 × 1) partitions;
 *   golden:     Curio's 32 GiB WindowPoSt vanilla proof and public info (tests/vectors/curio,
 *               README.md): decoded, paths and comm_r verified, the CID's comm_r, the public
 *               inputs (comm_r and those leaves, the last sector repeated 2349 times), the
 *               partition circuit's count, and both files re-encoded byte for byte;
 *   bincode:    every kind of malformed FallbackPoStSectorProof refused with the field and byte
 *               offset named, nothing leaked;
 *   public:     malformed WindowPoStVerifyInfo documents refused with the field named;
 *   vanilla:    every kind of wrong vanilla proof refused, naming the sector and challenge;
 *   generated:  vanilla proofs of 2 KiB test sectors (sector_gen.h) for Window (two partitions,
 *               the second short) and Winning, and of sparse 32 and 64 GiB replicas (8-8-0 and
 *               8-8-2 trees): they verify, their circuits are satisfied with the public inputs
 *               recomputed from the chain's view (Window 32 GiB: vanilla only), and they survive
 *               bincode round trips.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cs_simple.h"
#include "cz_test.h"
#include "fil_test.h"
#include "pool.h"
#include "post_bincode.h"
#include "post_circuit.h"
#include "post_public.h"
#include "post_test.h"
#include "post_vanilla.h"

static uint8_t *read_vector(const char *name, size_t *len)
{
    char path[512];
    snprintf(path, sizeof path, "%s/curio/%s", CZ_TEST_VECTORS_DIR, name);
    FILE *f = fopen(path, "rb");
    CZ_CHECK(f != NULL);
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    *len = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *b = malloc(*len + 1);
    CZ_CHECK(fread(b, 1, *len, f) == *len);
    fclose(f);
    return b;
}

/* The leaves Curio's golden file opens. */
static const uint64_t golden_leaves[10] = {707914199, 439148358,  967788220, 548708700,  1061661429,
                                           6202012,   1055504637, 389535735, 1000069704, 600088878};

static void test_post_challenges(void)
{
    uint8_t zero[32] = {0}, seq[32];
    for (unsigned i = 0; i < 32; i++)
        seq[i] = (uint8_t)i;
    for (unsigned n = 0; n < 10; n++)
        CZ_CHECK(cz_post_leaf_challenge(1ull << 30, zero, 1, n) == golden_leaves[n]);
    /* Python hashlib: sha256(rand ‖ u64le(id) ‖ u64le(index))[:8] as u64 le, mod nodes */
    const uint64_t v1[3] = {627552587, 867422747, 350384475},
                   v12[3] = {963723835, 878341469, 191361816};
    for (unsigned n = 0; n < 3; n++) {
        uint64_t i1 = cz_post_challenge_index(CZ_POREP_API_V1_0_0, 3, 10, n);
        uint64_t i2 = cz_post_challenge_index(CZ_POREP_API_V1_2_0, 3, 10, n);
        CZ_CHECK(i1 == 30 + n && i2 == n);
        CZ_CHECK(cz_post_challenge_index(CZ_POREP_API_V1_1_0, 3, 10, n) == i1);
        CZ_CHECK(cz_post_leaf_challenge(1ull << 30, seq, 12345, i1) == v1[n]);
        CZ_CHECK(cz_post_leaf_challenge(1ull << 30, seq, 12345, i2) == v12[n]);
    }
    const uint64_t small[5] = {33, 37, 45, 53, 36};
    for (unsigned n = 0; n < 5; n++)
        CZ_CHECK(cz_post_leaf_challenge(64, seq, 7, n) == small[n]);
    CZ_CHECK(cz_post_leaf_challenge(1ull << 31, seq, (1ull << 63) + 5, 2349 * 70 + 3) == 241779215);

    /* the vanilla side: a Window V1 sector's place counts; V1_2 and Winning do not */
    const cz_post_config *w1 = cz_post_registered(8), *w12 = cz_post_registered(13),
                         *win = cz_post_registered(3);
    CZ_CHECK(cz_post_vanilla_challenge(w1, seq, 12345, 0, 3, 1) == v1[1]);
    CZ_CHECK(cz_post_vanilla_challenge(w12, seq, 12345, 5, 3, 1) == v12[1]);
    CZ_CHECK(cz_post_vanilla_challenge(w1, seq, 9, 1, 0, 0) ==
             cz_post_leaf_challenge(1ull << 30, seq, 9, 2349 * 10));
    CZ_CHECK(cz_post_vanilla_challenge(win, seq, 9, 0, 0, 65) ==
             cz_post_leaf_challenge(1ull << 30, seq, 9, 65));

    /* randomness: canonical or refused; Lotus's reduction */
    uint8_t high[32];
    memset(high, 0xff, sizeof high);
    CZ_CHECK(cz_post_randomness_check(high) == CZ_ERR_NOT_CANONICAL);
    cz_post_randomness_reduce(high);
    CZ_CHECK(high[31] == 0x3f && cz_post_randomness_check(high) == CZ_OK);

    /* slots: Window repeats the last sector; Winning is one sector's 66 challenges */
    const cz_post_config *w2 = cz_post_registered(10);
    cz_post_slot s = cz_post_slot_of(w2, 1, 4, 1);
    CZ_CHECK(s.sector == 0 && s.first_inclusion == 0 && s.sector_index == 8);
    s = cz_post_slot_of(w2, 2, 4, 1);
    CZ_CHECK(s.sector == 1 && s.sector_index == 9);
    s = cz_post_slot_of(cz_post_registered(0), 1, 0, 65);
    CZ_CHECK(s.sector == 0 && s.first_inclusion == 65 && s.sector_index == 65);
}

/* The golden file decoded into a partition with its public info. */
static bool golden(cz_post_partition *p, cz_post_verify_info *info, uint8_t **vproof, size_t *vlen,
                   uint8_t **json, size_t *jlen)
{
    *vproof = read_vector("post.vproof", vlen);
    *json = read_vector("postpub.json", jlen);
    if (!*vproof || !*json)
        return false;
    char why[256] = "";
    cz_status st = cz_post_verify_info_parse(info, *json, *jlen, why, sizeof why);
    cz_test_note("public info: %s", why);
    if (!CZ_CHECK_OK(st))
        return false;
    memset(p, 0, sizeof *p);
    p->config = info->config;
    memcpy(p->randomness, info->randomness, 32);
    p->n_sectors = 1;
    p->sectors = calloc(1, sizeof *p->sectors);
    st = cz_post_sector_proof_decode(p->sectors, p->config, *vproof, *vlen, 0, why, sizeof why);
    cz_test_note("vanilla proof: %s", why);
    return CZ_CHECK_OK(st);
}

static void test_post_golden(void)
{
    cz_post_partition p;
    cz_post_verify_info info;
    uint8_t *vproof = NULL, *json = NULL;
    size_t vlen = 0, jlen = 0;
    if (!golden(&p, &info, &vproof, &vlen, &json, &jlen))
        goto done;
    /* the public info: PoStProof 8, randomness 0, one sector with its CID's comm_r */
    CZ_CHECK(info.config == cz_post_registered(8) && info.prover == 1000 && info.n_sectors == 1);
    CZ_CHECK(strcmp(info.config->name, "StackedDrgWindow32GiBV1") == 0);
    uint8_t zero[32] = {0}, comm_r[32], want[32];
    CZ_CHECK_MEM(info.randomness, zero, 32);
    fil_hex(want, 32, "df691086e3c673c95a45908713d4c5938e5ced43f21b888bd9bc6e181c9f326b");
    cz_fr_to_bytes_le(comm_r, &info.sectors[0].comm_r);
    CZ_CHECK_MEM(comm_r, want, 32);
    CZ_CHECK(info.sectors[0].id == 1 && info.seal_proofs[0] == 8 && info.proof_bytes == NULL);

    /* the vanilla proof: sector 1, the same comm_r, 10 Sub proofs opening the derived leaves */
    const cz_post_sector_proof *s = &p.sectors[0];
    CZ_CHECK(s->sector_id == 1 && cz_fr_eq(&s->comm_r, &info.sectors[0].comm_r));
    CZ_CHECK(s->n_inclusion == 10);
    cz_merkle_shape tree;
    cz_post_tree_shape(p.config, &tree);
    for (unsigned n = 0; n < 10; n++)
        CZ_CHECK(cz_merkle_proof_index(&tree, &s->inclusion[n]) == golden_leaves[n]);
    char why[256] = "";
    CZ_CHECK_OK(cz_post_partition_verify(&p, NULL, why, sizeof why));
    cz_test_note("verify: %s", why);
    /* V1_2 draws the same leaves for the first sector: the file verifies under it too */
    p.config = cz_post_registered(13);
    CZ_CHECK_OK(cz_post_partition_verify(&p, NULL, why, sizeof why));
    p.config = info.config;

    /* public inputs: comm_r, the 10 leaves; slots 1…2348 repeat slot 0 */
    size_t n = cz_post_circuit_num_inputs(p.config);
    CZ_CHECK(n == 2349 * 11);
    cz_fr *in = malloc(n * sizeof *in);
    CZ_CHECK_OK(cz_post_public_inputs(in, p.config, info.randomness, info.sectors, 1, 0));
    CZ_CHECK(cz_fr_eq(&in[0], &info.sectors[0].comm_r));
    for (unsigned k = 0; k < 10; k++) {
        cz_fr leaf;
        cz_fr_from_u64(&leaf, golden_leaves[k]);
        CZ_CHECK(cz_fr_eq(&in[1 + k], &leaf));
    }
    bool repeated = true;
    for (size_t slot = 1; slot < 2349; slot++)
        repeated &= memcmp(&in[slot * 11], in, 11 * sizeof *in) == 0;
    CZ_CHECK(repeated);
    free(in);

    /* its partition circuit, counted (too large to prove here) */
    cz_cs_count count;
    cz_cs_count_init(&count);
    cz_post_circuit circuit = {p.config, NULL};
    cz_post_circuit_synthesize(&count.cs, &circuit);
    CZ_CHECK(count.cs.num_constraints == 125279217 && count.cs.num_inputs == 1 + n);
    cz_cs_count_free(&count);

    /* both files again, byte for byte */
    size_t size = cz_post_sector_proof_encoded_size(p.config);
    CZ_CHECK(size == vlen);
    uint8_t *again = malloc(size);
    cz_post_sector_proof_encode(again, p.config, s);
    CZ_CHECK(size == vlen && memcmp(again, vproof, vlen) == 0);
    free(again);
    char *text = NULL;
    size_t tlen = 0;
    CZ_CHECK_OK(cz_post_verify_info_to_json(&text, &tlen, &info));
    CZ_CHECK(tlen == jlen && memcmp(text, json, jlen) == 0);
    free(text);
    char cid[80];
    cz_post_comm_r_to_cid(cid, want);
    CZ_CHECK(strcmp(cid, "bagboea4b5abcbx3jccdohrttzfneleehcpkmle4oltwuh4q3rcf5tpdodaoj6mtl") == 0);
    cz_post_partition_clear(&p);
    cz_post_verify_info_clear(&info);
done:
    free(vproof);
    free(json);
}

/* Decodes a corrupted copy of the golden proof: the status and that why contains want. */
static void expect_decode(const uint8_t *bytes, size_t len, cz_status want_st, const char *want)
{
    cz_post_sector_proof p;
    char why[512] = "";
    cz_status st =
        cz_post_sector_proof_decode(&p, cz_post_registered(8), bytes, len, 4, why, sizeof why);
    cz_test_note("want '%s', got %s: %s", want, cz_status_str(st), why);
    CZ_CHECK(st == want_st && strstr(why, want) != NULL);
    CZ_CHECK(p.inclusion == NULL && p.n_inclusion == 0);
}

static void put_u64(uint8_t *b, uint64_t v)
{
    for (unsigned i = 0; i < 8; i++)
        b[i] = (uint8_t)(v >> (8 * i));
}

static void test_post_bincode(void)
{
    size_t len = 0;
    uint8_t *good = read_vector("post.vproof", &len);
    if (!good)
        return;
    uint8_t *b = malloc(len + 8);
    /* offsets in the golden layout: id 0, comm_r 8, sectors count 40, inclusion count 48,
     * first proof's variant 56, its base path count 60, first element's hash count 68, its
     * first hash 76, its index 76 + 7·32 = 300; a Sub proof is 2,484 bytes */
    const size_t first = 56, per = 2484;
#define CASE(edit, st, want)                                                                       \
    do {                                                                                           \
        memcpy(b, good, len);                                                                      \
        edit;                                                                                      \
        expect_decode(b, len, st, want);                                                           \
    } while (0)
    CASE(put_u64(b + 40, 2), CZ_ERR_BAD_INPUT,
         "vanilla proof 4 (sector 1): vanilla_proof.sectors: 2 sector proofs");
    CASE(put_u64(b + 48, 9), CZ_ERR_BAD_INPUT,
         "inclusion_proofs: 9 inclusion proofs, StackedDrgWindow32GiBV1 has 10 (byte offset 48)");
    CASE(b[first] = 0, CZ_ERR_BAD_INPUT, "inclusion_proofs[0].data: a Single proof, TreeR (8-8-0)");
    CASE(b[first + per] = 7, CZ_ERR_BAD_INPUT,
         "inclusion_proofs[1].data: variant 7 is none of Single, Sub, Top (byte offset 2540)");
    CASE(put_u64(b + 60, 8), CZ_ERR_BAD_INPUT,
         "inclusion_proofs[0].data.Sub.base_proof.path: 8 levels, TreeR has 9");
    CASE(put_u64(b + 68, 6), CZ_ERR_BAD_INPUT,
         "base_proof.path[0].hashes: 6 hashes, TreeR's level here has 7 (byte offset 68)");
    CASE(put_u64(b + 300, 8), CZ_ERR_BAD_INPUT,
         "base_proof.path[0].index: 8 is not below the level's arity 8 (byte offset 300)");
    CASE(memset(b + 76, 0xff, 32), CZ_ERR_NOT_CANONICAL, "base_proof.path[0].hashes[0]: ffffffff");
    CASE(memset(b + 8, 0xff, 32), CZ_ERR_NOT_CANONICAL, "vanilla proof 4 (sector 1): comm_r:");
    CASE(memset(b + len - 32, 0xff, 32), CZ_ERR_NOT_CANONICAL, "comm_r_last: ffff");
    CASE(put_u64(b + first + per + 4, 1ull << 62), CZ_ERR_BAD_INPUT,
         "inclusion_proofs[1].data.Sub.base_proof.path: 4611686018427387904 levels");
    memcpy(b, good, len);
    expect_decode(b, len - 1, CZ_ERR_BAD_INPUT, "the proof ends after 24959 bytes");
    expect_decode(b, 20, CZ_ERR_BAD_INPUT, "vanilla proof 4 (sector 1): comm_r: the proof ends");
    expect_decode(b, 3, CZ_ERR_BAD_INPUT,
                  "vanilla proof 4: sector_id: the proof ends after 3 bytes");
    expect_decode(b, 0, CZ_ERR_BAD_INPUT, "the proof ends after 0 bytes");
    b[len] = 0;
    expect_decode(b, len + 1, CZ_ERR_BAD_INPUT, "the end: 1 bytes follow the proof");
    /* every truncation is refused, none crashes */
    bool all = true;
    for (size_t cut = 0; cut < len; cut += 97) {
        cz_post_sector_proof p;
        all &= cz_post_sector_proof_decode(&p, cz_post_registered(8), good, cut, 0, NULL, 0) ==
               CZ_ERR_BAD_INPUT;
    }
    CZ_CHECK(all);
    /* the proof of another size's tree: 2 KiB is 8-0-0 (Single proofs) */
    cz_post_sector_proof p;
    char why[256] = "";
    CZ_CHECK(cz_post_sector_proof_decode(&p, cz_post_registered(10), good, len, 0, why,
                                         sizeof why) == CZ_ERR_BAD_INPUT);
    CZ_CHECK(strstr(why, "a Sub proof, TreeR (8-0-0) has Single proofs") != NULL);
#undef CASE
    free(b);
    free(good);
}

static void expect_public(const char *doc, cz_status want_st, const char *want)
{
    cz_post_verify_info info;
    char why[512] = "";
    cz_status st =
        cz_post_verify_info_parse(&info, (const uint8_t *)doc, strlen(doc), why, sizeof why);
    cz_test_note("want '%s', got %s: %s", want, cz_status_str(st), why);
    CZ_CHECK(st == want_st && strstr(why, want) != NULL);
    CZ_CHECK(info.sectors == NULL && info.config == NULL);
}

static void test_post_public(void)
{
#define RAND "\"Randomness\":\"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=\""
#define PROOFS(n) "\"Proofs\":[{\"PoStProof\":" #n ",\"ProofBytes\":null}]"
#define SECTOR(seal, cid)                                                                          \
    "{\"SealProof\":" #seal ",\"SectorNumber\":1,\"SealedCID\":{\"/\":\"" cid "\"}}"
#define CID "bagboea4b5abcbx3jccdohrttzfneleehcpkmle4oltwuh4q3rcf5tpdodaoj6mtl"
    expect_public("{" PROOFS(8) ",\"ChallengedSectors\":[" SECTOR(8, CID) "],\"Prover\":1}",
                  CZ_ERR_BAD_INPUT, "Randomness: missing");
    expect_public("{" RAND "," RAND "}", CZ_ERR_BAD_INPUT, "duplicate");
    expect_public("{" RAND "," PROOFS(15) ",\"ChallengedSectors\":[],\"Prover\":1}",
                  CZ_ERR_BAD_INPUT, "Proofs[0].PoStProof: 15 is not a registered PoSt proof");
    expect_public("{" RAND "," PROOFS(8) ",\"ChallengedSectors\":[],\"Prover\":1}",
                  CZ_ERR_BAD_INPUT, "ChallengedSectors: empty");
    expect_public("{" RAND "," PROOFS(3) ",\"ChallengedSectors\":[" SECTOR(8, CID) "," SECTOR(
                      8, CID) "],\"Prover\":1}",
                  CZ_ERR_BAD_INPUT, "2 sectors, WinningPoSt challenges one");
    expect_public("{" RAND
                  "," PROOFS(8) ",\"ChallengedSectors\":[" SECTOR(5, CID) "],\"Prover\":1}",
                  CZ_ERR_BAD_INPUT, "ChallengedSectors[0].SealProof: 5 is not a seal proof");
    /* the same digest as an unsealed CID (fil-commitment-unsealed, 0xf101), and under the
     * sha2-256-trunc254-padded multihash (0x1012) */
    expect_public(
        "{" RAND "," PROOFS(8) ",\"ChallengedSectors\":[" SECTOR(
            8, "baga6ea4b5abcbx3jccdohrttzfneleehcpkmle4oltwuh4q3rcf5tpdodaoj6mtl") "],"
                                                                                    "\"Prover\":1}",
        CZ_ERR_BAD_INPUT, "codec is not fil-commitment-sealed");
    expect_public(
        "{" RAND "," PROOFS(8) ",\"ChallengedSectors\":[" SECTOR(
            8, "bagboea4seaqn62iqq3r4m46jljczbbyt2tczhds45vb7eg4irpm3y3qydspte2y") "],"
                                                                                   "\"Prover\":1}",
        CZ_ERR_BAD_INPUT, "multihash is not poseidon-bls12_381-a2-fc1");
    expect_public("{" RAND
                  "," PROOFS(8) ",\"ChallengedSectors\":[" SECTOR(8, "QmXYZ") "],"
                                                                              "\"Prover\":1}",
                  CZ_ERR_BAD_INPUT, "ChallengedSectors[0].SealedCID: 'QmXYZ' is not a base32");
    expect_public("{\"Randomness\":\"AAAA\"," PROOFS(8) ",\"ChallengedSectors\":[" SECTOR(
                      8, CID) "],\"Prover\":1}",
                  CZ_ERR_BAD_INPUT, "Randomness: 3 bytes, not 32");
    expect_public("{\"Randomness\":\"//////////////////////////////////////////8=\"," PROOFS(
                      8) ",\"ChallengedSectors\":[" SECTOR(8, CID) "],\"Prover\":1}",
                  CZ_ERR_NOT_CANONICAL, "Randomness: not a field element below r");
    expect_public("{" RAND "," PROOFS(8) ",\"ChallengedSectors\":[" SECTOR(8, CID) "],"
                                                                                   "\"Prover\":-1}",
                  CZ_ERR_BAD_INPUT, "Prover: -1 is out of range");
    expect_public("[1]", CZ_ERR_BAD_INPUT, "not an object");
    expect_public("{" RAND, CZ_ERR_BAD_INPUT, "JSON at line 1");
#undef RAND
#undef PROOFS
#undef SECTOR
#undef CID
}

/* Verifies p; that it fails and why contains want. */
static void expect_vanilla(const cz_post_partition *p, const char *want)
{
    char why[512] = "";
    cz_status st = cz_post_partition_verify(p, NULL, why, sizeof why);
    cz_test_note("want '%s', got %s: %s", want, cz_status_str(st), why);
    CZ_CHECK(st == CZ_ERR_BAD_INPUT && strstr(why, want) != NULL);
}

static void test_post_vanilla(void)
{
    cz_post_partition p;
    cz_post_verify_info info;
    uint8_t *vproof = NULL, *json = NULL;
    size_t vlen = 0, jlen = 0;
    if (!golden(&p, &info, &vproof, &vlen, &json, &jlen))
        goto done;
    cz_post_sector_proof *s = &p.sectors[0];
    cz_fr one = cz_fr_one;
    cz_fr_add(&s->inclusion[3].siblings[4][2], &s->inclusion[3].siblings[4][2], &one);
    expect_vanilla(&p, "sector 1 (vanilla proof 0) challenge 3: inclusion proof does not lead "
                       "from its leaf to comm_r_last");
    cz_fr_sub(&s->inclusion[3].siblings[4][2], &s->inclusion[3].siblings[4][2], &one);
    cz_fr_add(&s->inclusion[9].leaf, &s->inclusion[9].leaf, &one);
    expect_vanilla(&p, "challenge 9: inclusion proof does not lead");
    cz_fr_sub(&s->inclusion[9].leaf, &s->inclusion[9].leaf, &one);
    s->inclusion[5].index[0] ^= 1;
    expect_vanilla(&p, "challenge 5: inclusion proof opens leaf 6202013, but the challenge "
                       "derived from the randomness, sector id and index is 6202012");
    s->inclusion[5].index[0] ^= 1;
    cz_fr_add(&s->comm_c, &s->comm_c, &one);
    expect_vanilla(&p, "sector 1 (vanilla proof 0): comm_r is not Poseidon2(comm_c, comm_r_last)");
    cz_fr_sub(&s->comm_c, &s->comm_c, &one);
    cz_fr_add(&s->inclusion[7].root, &s->inclusion[7].root, &one);
    expect_vanilla(&p, "challenge 7: inclusion proof root is not the sector proof's comm_r_last");
    cz_fr_sub(&s->inclusion[7].root, &s->inclusion[7].root, &one);
    s->sector_id = 2; /* another sector's challenges (and comm_r holds, as it is the proof's) */
    expect_vanilla(&p, "sector 2 (vanilla proof 0) challenge 0: inclusion proof opens leaf");
    s->sector_id = 1;
    p.randomness[0] = 1;
    expect_vanilla(&p, "challenge 0: inclusion proof opens leaf 707914199");
    p.randomness[0] = 0;
    memset(p.randomness, 0xff, 32);
    expect_vanilla(&p, "randomness is not a field element below r");
    memset(p.randomness, 0, 32);
    p.config = cz_post_registered(3); /* Winning: 66 paths */
    expect_vanilla(&p, "vanilla proof 0: 10 inclusion proofs, StackedDrgWinning32GiBV1 has 66");
    p.config = info.config;
    p.index = 1; /* partition 1 of V1: sector index 2349, other leaves */
    expect_vanilla(&p, "challenge 0: inclusion proof opens leaf 707914199");
    p.index = 0;
    char why[256];
    CZ_CHECK_OK(cz_post_partition_verify(&p, NULL, why, sizeof why));
    cz_post_partition_clear(&p);
    cz_post_verify_info_clear(&info);
done:
    free(vproof);
    free(json);
}

/* Test data of a registered proof: n sectors, every partition verified and proved by the
 * circuit against the inputs of the chain's view; the bytes round-trip. */
static void check_generated(const cz_post_config *c, size_t n, bool sparse, bool synthesize,
                            cz_pool *pool)
{
    uint8_t prover_id[32] = {0xe8, 0x07}, randomness[32];
    post_rand_randomness(randomness);
    cz_post_sector_proof *proofs = calloc(n, sizeof *proofs);
    CZ_CHECK_OK(
        cz_post_gen_sectors(proofs, c, n, sparse, 100, prover_id, randomness, pool, NULL, NULL));
    cz_post_public_sector *pub = malloc(n * sizeof *pub);
    size_t size = cz_post_sector_proof_encoded_size(c);
    uint8_t *bytes = malloc(size);
    for (size_t i = 0; i < n; i++) {
        pub[i] = (cz_post_public_sector){proofs[i].sector_id, proofs[i].comm_r};
        CZ_CHECK(proofs[i].sector_id == 100 + i);
        cz_post_sector_proof_encode(bytes, c, &proofs[i]);
        cz_post_sector_proof back;
        CZ_CHECK_OK(cz_post_sector_proof_decode(&back, c, bytes, size, i, NULL, 0));
        CZ_CHECK(back.sector_id == proofs[i].sector_id &&
                 cz_fr_eq(&back.comm_r_last, &proofs[i].comm_r_last) &&
                 memcmp(back.inclusion, proofs[i].inclusion,
                        c->vanilla_challenges * sizeof *back.inclusion) == 0);
        cz_post_sector_proof_clear(&back);
    }
    free(bytes);
    size_t per = c->vanilla_sectors;
    for (unsigned k = 0; k * per < n; k++) {
        cz_post_partition p = {.config = c, .index = k};
        memcpy(p.randomness, randomness, 32);
        p.n_sectors = n - k * per < per ? n - k * per : per;
        p.sectors = proofs + k * per;
        char why[256] = "";
        CZ_CHECK_OK(cz_post_partition_verify(&p, pool, why, sizeof why));
        cz_test_note("%s partition %u: %s", c->name, k, why);
        if (!synthesize)
            continue;
        cz_cs_check chk;
        cz_cs_check_init(&chk);
        cz_post_circuit circuit = {c, &p};
        cz_post_circuit_synthesize(&chk.cs, &circuit);
        CZ_CHECK(chk.cs.status == CZ_OK && !chk.failed);
        size_t m = cz_post_circuit_num_inputs(c);
        cz_fr *want = malloc(m * sizeof *want);
        CZ_CHECK_OK(cz_post_public_inputs(want, c, randomness, pub + k * per, p.n_sectors, k));
        CZ_CHECK(chk.inputs.len == 1 + m && memcmp(chk.inputs.v + 1, want, m * sizeof *want) == 0);
        free(want);
        cz_cs_check_free(&chk);
        if (k == 0 && !c->winning) { /* another partition's challenges do not verify */
            p.index = 1;
            CZ_CHECK(cz_post_partition_verify(&p, pool, NULL, 0) ==
                     (c->api == CZ_POREP_API_V1_2_0 ? CZ_OK : CZ_ERR_BAD_INPUT));
        }
    }
    for (size_t i = 0; i < n; i++)
        cz_post_sector_proof_clear(&proofs[i]);
    free(proofs);
    free(pub);
}

static void test_post_generated(void)
{
    cz_pool *pool = NULL;
    CZ_CHECK_OK(cz_pool_create(&pool, 1, 0, "post"));
    check_generated(cz_post_registered(0), 1, false, true, pool);  /* Winning 2 KiB */
    check_generated(cz_post_registered(5), 3, false, true, pool);  /* Window V1: 2 + 1 (padded) */
    check_generated(cz_post_registered(10), 3, false, true, pool); /* Window V1_2 */
    /* sparse replicas: 8-8-0 and 8-8-2 trees of 2^30 and 2^31 leaves */
    check_generated(cz_post_registered(3), 1, true, true, pool);  /* Winning 32 GiB */
    check_generated(cz_post_registered(4), 1, true, true, pool);  /* Winning 64 GiB */
    check_generated(cz_post_registered(8), 3, true, false, pool); /* Window 32 GiB V1 */
    cz_pool_destroy(pool);
}

CZ_TEST_MODULE(fil_post, {"challenges", test_post_challenges}, {"golden", test_post_golden},
               {"bincode", test_post_bincode}, {"public", test_post_public},
               {"vanilla", test_post_vanilla}, {"generated", test_post_generated});
