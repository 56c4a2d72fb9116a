/* MSM in G1 and G2 against a discrete-log oracle (test_msm_template.h). */
#define TM_G g1
#include "test_msm_template.h"
#undef TM_G
#define TM_G g2
#include "test_msm_template.h"
#undef TM_G

static void tm_g1_known_2_20(void) { tm_g1_known_large(20); }
static void tm_g2_known_2_17(void) { tm_g2_known_large(17); }

CZ_TEST_MODULE(msm, {"g1_vs_oracle", tm_g1_msm_vs_oracle}, {"g1_density", tm_g1_msm_density},
               {"g1_window_sweep", tm_g1_msm_window_sweep}, {"g1_large", tm_g1_msm_large},
               {"g1_backends", tm_g1_msm_backends}, {"g2_backends", tm_g2_msm_backends},
               {"g2_vs_oracle", tm_g2_msm_vs_oracle}, {"g2_density", tm_g2_msm_density},
               {"g2_window_sweep", tm_g2_msm_window_sweep}, {"g2_large", tm_g2_msm_large},
               {"g1_streaming", tm_g1_msm_streaming}, {"g2_streaming", tm_g2_msm_streaming},
               {"g1_stream_blocks", tm_g1_msm_stream_blocks},
               {"g2_stream_blocks", tm_g2_msm_stream_blocks}, {"g1_known_bases", tm_g1_known_bases},
               {"g2_known_bases", tm_g2_known_bases}, {"g1_known_expect", tm_g1_known_expect},
               {"g2_known_expect", tm_g2_known_expect},
               {"g1_scratch_dense", tm_g1_msm_scratch_dense},
               {"g2_scratch_dense", tm_g2_msm_scratch_dense});

/* The known-discrete-log check at 2^20 (G1) and 2^17 (G2), as issue 18's CI asks: release builds
 * only (label heavy), a few seconds there. */
CZ_TEST_MODULE(msm_known, {"g1_2_20", tm_g1_known_2_20}, {"g2_2_17", tm_g2_known_2_17});
