/* MSM in G1 (msm_template.h). */
#define CZ_MSM_G g1
#define CZ_MSM_F fp
#include "msm_template.h"
