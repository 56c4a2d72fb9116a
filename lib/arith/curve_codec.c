/* Point serialization for G1 and G2: the field-element codecs here, the point logic in
 * curve_codec_template.h. */
#include "check.h"
#include "constants.h"
#include "cuzk/arith_curve.h"

/* Fp2 is serialized c1 first. */
static cz_status cz_codec_fp2_read(cz_fp2 *r, const uint8_t in[2 * CZ_FP_BYTES])
{
    CZ_TRY(cz_fp_from_bytes_be(&r->c1, in));
    return cz_fp_from_bytes_be(&r->c0, in + CZ_FP_BYTES);
}

static void cz_codec_fp2_write(uint8_t out[2 * CZ_FP_BYTES], const cz_fp2 *a)
{
    cz_fp_to_bytes_be(out, &a->c1);
    cz_fp_to_bytes_be(out + CZ_FP_BYTES, &a->c0);
}

#define CZ_CODEC_G g1
#define CZ_CODEC_F fp
#define CZ_CODEC_B cz_g1_b
#define CZ_CODEC_READ cz_fp_from_bytes_be
#define CZ_CODEC_WRITE cz_fp_to_bytes_be
#define CZ_CODEC_FBYTES CZ_G1_COMPRESSED_BYTES
#define CZ_CODEC_X0_NOT_IN_GROUP 1
#include "curve_codec_template.h"

#define CZ_CODEC_G g2
#define CZ_CODEC_F fp2
#define CZ_CODEC_B cz_g2_b
#define CZ_CODEC_READ cz_codec_fp2_read
#define CZ_CODEC_WRITE cz_codec_fp2_write
#define CZ_CODEC_FBYTES CZ_G2_COMPRESSED_BYTES
#define CZ_CODEC_X0_NOT_IN_GROUP 0 /* x = 0 is not on E2: 4(1 + u) is no square */
#include "curve_codec_template.h"
