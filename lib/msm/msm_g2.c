/* MSM in G2 (msm_template.h). */
#define CZ_MSM_G g2
#define CZ_MSM_F fp2
#include "msm_template.h"
