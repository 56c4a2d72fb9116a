/*
 * zcash/IETF point encodings, written once for G1 and G2 (internal template; groth16-filecoin.md
 * §3.1). Before including, define:
 *   CZ_CODEC_G      g1 or g2;   CZ_CODEC_F   fp or fp2 (the coordinate field)
 *   CZ_CODEC_B      the curve constant b
 *   CZ_CODEC_READ(r, in)   decode one big-endian field element from in[0 .. CZ_CODEC_FBYTES);
 *                          returns CZ_ERR_NOT_CANONICAL for values ≥ p
 *   CZ_CODEC_WRITE(out, a) the inverse (its top three bits are 0, as p < 2^381)
 *   CZ_CODEC_FBYTES 48 or 96 (compressed length; uncompressed is twice that)
 *   CZ_CODEC_X0_NOT_IN_GROUP  1 where a point with x = 0 is on the curve but outside the
 *                   subgroup and blst rejects it even unchecked (G1: (0, ±2) has order 3)
 * A compressed point is x with flags in the top three bits of byte 0: 0x80 compressed,
 * 0x40 infinity, 0x20 y is the larger of ±y. Uncompressed is x ‖ y with only 0x40 allowed.
 */
#include <string.h>

#include "check.h"
#include "cuzk/arith_curve.h"

#define CZ_CODEC_PASTE3_(a, b, c) a##b##c
#define CZ_CODEC_PASTE3(a, b, c) CZ_CODEC_PASTE3_(a, b, c)
#define CZ_GFN(name) CZ_CODEC_PASTE3(cz_, CZ_CODEC_G, _##name)
#define CZ_FFN(name) CZ_CODEC_PASTE3(cz_, CZ_CODEC_F, _##name)
#define CZ_FT CZ_CODEC_PASTE3(cz_, CZ_CODEC_F, )
#define CZ_AFF CZ_GFN(affine)

#define CZ_FLAG_COMPRESSED 0x80
#define CZ_FLAG_INFINITY 0x40
#define CZ_FLAG_SIGN 0x20

void CZ_GFN(to_compressed)(uint8_t *out, const CZ_AFF *p)
{
    /* Infinity is (0, 0): x encodes as zeros and its y has sign 0, so only the flag differs. */
    bool inf = CZ_GFN(affine_is_infinity)(p);
    bool sign = CZ_FFN(is_lexicographically_largest)(&p->y);
    CZ_CODEC_WRITE(out, &p->x);
    out[0] |=
        (uint8_t)(CZ_FLAG_COMPRESSED | (inf ? CZ_FLAG_INFINITY : 0) | (sign ? CZ_FLAG_SIGN : 0));
}

void CZ_GFN(to_uncompressed)(uint8_t *out, const CZ_AFF *p)
{
    bool inf = CZ_GFN(affine_is_infinity)(p);
    CZ_CODEC_WRITE(out, &p->x);
    CZ_CODEC_WRITE(out + CZ_CODEC_FBYTES, &p->y);
    out[0] |= (uint8_t)(inf ? CZ_FLAG_INFINITY : 0);
}

static cz_status CZ_GFN(decode)(CZ_AFF *p, const uint8_t *in, size_t len, bool check_subgroup)
{
    bool compressed;
    if (len == CZ_CODEC_FBYTES)
        compressed = true;
    else if (len == 2 * CZ_CODEC_FBYTES)
        compressed = false;
    else
        return CZ_ERR_BAD_LENGTH;
    unsigned flags = in[0];
    if (((flags & CZ_FLAG_COMPRESSED) != 0) != compressed)
        return CZ_ERR_BAD_FLAGS;
    if (flags & CZ_FLAG_INFINITY) {
        /* only the canonical encoding: no sign, every other bit zero */
        unsigned rest = flags & ~(unsigned)(CZ_FLAG_COMPRESSED | CZ_FLAG_INFINITY);
        for (size_t i = 1; i < len; i++)
            rest |= in[i];
        if (rest)
            return CZ_ERR_BAD_FLAGS;
        CZ_GFN(affine_set_infinity)(p);
        return CZ_OK;
    }
    bool sign = flags & CZ_FLAG_SIGN;
    if (!compressed && sign)
        return CZ_ERR_BAD_FLAGS;
    /* the flags sit in x's top bits only; y's top bits must be 0 like any value < p */
    uint8_t xb[CZ_CODEC_FBYTES];
    memcpy(xb, in, sizeof xb);
    xb[0] &= 0x1f;
    CZ_AFF q;
    CZ_TRY(CZ_CODEC_READ(&q.x, xb));
    CZ_FT rhs;
    CZ_FFN(sqr)(&rhs, &q.x);
    CZ_FFN(mul)(&rhs, &rhs, &q.x);
    CZ_FFN(add)(&rhs, &rhs, &CZ_CODEC_B);
    if (compressed) {
        if (!CZ_FFN(sqrt)(&q.y, &rhs))
            return CZ_ERR_NOT_ON_CURVE;
        if (CZ_FFN(is_lexicographically_largest)(&q.y) != sign)
            CZ_FFN(neg)(&q.y, &q.y);
    } else {
        CZ_TRY(CZ_CODEC_READ(&q.y, in + CZ_CODEC_FBYTES));
        /* checked against the equation itself: (0, 0) is not on the curve, only infinity's
         * in-memory form, and was rejected above unless flagged */
        CZ_FT lhs;
        CZ_FFN(sqr)(&lhs, &q.y);
        if (!CZ_FFN(eq)(&lhs, &rhs))
            return CZ_ERR_NOT_ON_CURVE;
    }
    /* blst's decoders (POINTonE1_Deserialize_BE, _Uncompress_Z) refuse (0, ±2) before any
     * subgroup test, so bellperson's unchecked reads refuse it too */
    if (CZ_CODEC_X0_NOT_IN_GROUP && CZ_FFN(is_zero)(&q.x))
        return CZ_ERR_NOT_IN_SUBGROUP;
    if (check_subgroup && !CZ_GFN(affine_in_subgroup)(&q))
        return CZ_ERR_NOT_IN_SUBGROUP;
    *p = q;
    return CZ_OK;
}

cz_status CZ_GFN(from_bytes)(CZ_AFF *p, const uint8_t *in, size_t len)
{
    return CZ_GFN(decode)(p, in, len, true);
}

cz_status CZ_GFN(from_bytes_unchecked)(CZ_AFF *p, const uint8_t *in, size_t len)
{
    return CZ_GFN(decode)(p, in, len, false);
}

#undef CZ_FLAG_SIGN
#undef CZ_FLAG_INFINITY
#undef CZ_FLAG_COMPRESSED
#undef CZ_AFF
#undef CZ_FT
#undef CZ_FFN
#undef CZ_GFN
#undef CZ_CODEC_PASTE3
#undef CZ_CODEC_PASTE3_
#undef CZ_CODEC_FBYTES
#undef CZ_CODEC_X0_NOT_IN_GROUP
#undef CZ_CODEC_WRITE
#undef CZ_CODEC_READ
#undef CZ_CODEC_B
#undef CZ_CODEC_F
#undef CZ_CODEC_G
