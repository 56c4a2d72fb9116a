/* MSM in G1 and G2 against a discrete-log oracle (test_msm_template.h). */
#define TM_G g1
#include "test_msm_template.h"
#undef TM_G
#define TM_G g2
#include "test_msm_template.h"
#undef TM_G

CZ_TEST_MODULE(msm, {"g1_vs_oracle", tm_g1_msm_vs_oracle}, {"g1_density", tm_g1_msm_density},
               {"g1_window_sweep", tm_g1_msm_window_sweep}, {"g1_large", tm_g1_msm_large},
               {"g1_backends", tm_g1_msm_backends}, {"g2_backends", tm_g2_msm_backends},
               {"g2_vs_oracle", tm_g2_msm_vs_oracle}, {"g2_density", tm_g2_msm_density},
               {"g2_window_sweep", tm_g2_msm_window_sweep}, {"g2_large", tm_g2_msm_large});
