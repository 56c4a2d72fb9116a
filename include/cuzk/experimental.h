/*
 * cuzk experimental API: the arithmetic, MSM and NTT entry points that benchmarks and tools call
 * directly. No ABI promise: names and layouts may change between releases.
 */
#ifndef CUZK_EXPERIMENTAL_H
#define CUZK_EXPERIMENTAL_H

#include "cuzk/arith_curve.h"
#include "cuzk/arith_field.h"
#include "cuzk/arith_pairing.h"
#include "cuzk/arith_tower.h"
#include "cuzk/cuzk.h"
#include "cuzk/msm.h"
#include "cuzk/ntt.h"
#include "cuzk/platform.h"

#endif /* CUZK_EXPERIMENTAL_H */
