/*
 * Filecoin's parameter file names (internal; the public side is include/cuzk/params.h): the
 * identifier string of each proof's public parameters, hashed with SHA-256 into the stem
 * "v28-<cache prefix>-<hex>" (storage-proofs-core parameter_cache.rs cache_identifier;
 * filecoin-circuits.md §2.2), the PoSt constants the names depend on, and parameters.json.
 */
#ifndef CZ_PARAMS_NAME_H
#define CZ_PARAMS_NAME_H

#include <stddef.h>
#include <stdint.h>

#include "cuzk/params.h"
#include "porep.h"

/* filecoin-proofs constants.rs */
#define CZ_FIL_WINNING_POST_CHALLENGES 66
#define CZ_FIL_WINNING_POST_SECTORS 1
#define CZ_FIL_WINDOW_POST_CHALLENGES 10

/* WINDOW_POST_SECTOR_COUNT: 2349 for 32 GiB, 2300 for 64 GiB, 2 for every smaller size. */
unsigned cz_fil_window_post_sectors(uint64_t sector_size);

/*
 * The parameters a FallbackPoSt circuit is built for (fallback::PublicParams). WindowPoSt:
 * 10 challenges over the size's sector count. WinningPoSt: winning_post_setup_params turns its
 * 66 challenges over 1 sector into 66 sector slots of 1 challenge.
 */
typedef struct cz_fil_post_config {
    uint64_t sector_size;
    unsigned challenge_count, sector_count;
    unsigned tree_base, tree_sub, tree_top;
} cz_fil_post_config;

/* For a registered sector size; CZ_ERR_INVALID_ARG otherwise. */
cz_status cz_fil_post_config_for(cz_fil_post_config *out, bool winning, uint64_t sector_size);

/* The identifiers (ParameterSetMetadata::identifier); each returns snprintf's length. */
int cz_fil_porep_identifier(char *out, size_t len, const cz_porep_config *c);
int cz_fil_post_identifier(char *out, size_t len, const cz_fil_post_config *c);
int cz_fil_snap_identifier(char *out, size_t len, uint64_t sector_nodes);

/* Stems for any shape, test shapes included: "v28-<prefix>-<sha256(identifier) hex>". */
cz_status cz_fil_porep_stem(char out[CZ_FIL_STEM_MAX], const cz_porep_config *c);
cz_status cz_fil_post_stem(char out[CZ_FIL_STEM_MAX], const cz_fil_post_config *c);
cz_status cz_fil_snap_stem(char out[CZ_FIL_STEM_MAX], uint64_t sector_size, unsigned base,
                           unsigned sub, unsigned top, bool poseidon);

/* parameters.json as a table sorted by name: params_table.c, which tools/gen_fil_params.py
 * writes from lib/circuits/filecoin/shared/parameters.json. */
extern const cz_fil_params_entry cz_fil_params_table[];
extern const size_t cz_fil_params_table_len;

#endif /* CZ_PARAMS_NAME_H */
