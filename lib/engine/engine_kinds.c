/* The job kinds this build proves, by cz_proof_kind (engine_kind.h). */
#include "engine_kind.h"

const cz_job_kind_ops *const cz_engine_kinds[CZ_PROOF_KINDS] = {
    [CZ_KIND_POREP_SEAL_COMMIT] = &cz_kind_porep,   [CZ_KIND_WINDOW_POST] = &cz_kind_window_post,
    [CZ_KIND_WINNING_POST] = &cz_kind_winning_post, [CZ_KIND_SHA256_DEMO] = &cz_kind_sha256_demo,
    [CZ_KIND_SNARKJS] = &cz_kind_snarkjs,
};
