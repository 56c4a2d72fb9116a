#!/usr/bin/env python3
"""Derive every BLS12-381 constant cuzk hard-codes from the curve parameter z, and write
lib/arith/constants.c. Run from the repository root: python3 tools/gen_constants.py.
Each derived value is checked here (curve membership, orders, endomorphism eigenvalues) so the
table cannot silently disagree with the definitions."""
import subprocess
import sys

z = -0xd201000000010000
p = (z - 1) ** 2 * (z ** 4 - z ** 2 + 1) // 3 + z
r = z ** 4 - z ** 2 + 1
assert p == 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab
assert r == 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001
RP, RR = 1 << 384, 1 << 256


def limbs(x, n):
    return [(x >> (64 * i)) & ((1 << 64) - 1) for i in range(n)]


def mont_p(x):
    return (x * RP) % p


def mont_r(x):
    return (x * RR) % r


# ---- Fp2 arithmetic over python integers, (c0, c1) = c0 + c1·u, u² = −1 ----
def f2add(a, b): return ((a[0] + b[0]) % p, (a[1] + b[1]) % p)
def f2sub(a, b): return ((a[0] - b[0]) % p, (a[1] - b[1]) % p)
def f2mul(a, b): return ((a[0] * b[0] - a[1] * b[1]) % p, (a[0] * b[1] + a[1] * b[0]) % p)
def f2neg(a): return ((-a[0]) % p, (-a[1]) % p)
def f2conj(a): return (a[0], (-a[1]) % p)


def f2pow(a, e):
    res, base = (1, 0), a
    while e:
        if e & 1:
            res = f2mul(res, base)
        base = f2mul(base, base)
        e >>= 1
    return res


def f2inv(a):
    n = (a[0] * a[0] + a[1] * a[1]) % p
    ni = pow(n, p - 2, p)
    return ((a[0] * ni) % p, (-a[1] * ni) % p)


# ---- generic affine short-Weierstrass arithmetic (y² = x³ + b) over Fp or Fp2 ----
class Field:
    def __init__(s, add, sub, mul, inv, zero, one):
        s.add, s.sub, s.mul, s.inv, s.zero, s.one = add, sub, mul, inv, zero, one


FP = Field(lambda a, b: (a + b) % p, lambda a, b: (a - b) % p, lambda a, b: (a * b) % p,
           lambda a: pow(a, p - 2, p), 0, 1)
FP2 = Field(f2add, f2sub, f2mul, f2inv, (0, 0), (1, 0))


def ec_add(F, P, Q):
    if P is None: return Q
    if Q is None: return P
    (x1, y1), (x2, y2) = P, Q
    if x1 == x2:
        if F.add(y1, y2) == F.zero: return None
        three = F.add(F.one, F.add(F.one, F.one))
        lam = F.mul(F.mul(three, F.mul(x1, x1)), F.inv(F.add(y1, y1)))
    else:
        lam = F.mul(F.sub(y2, y1), F.inv(F.sub(x2, x1)))
    x3 = F.sub(F.sub(F.mul(lam, lam), x1), x2)
    return (x3, F.sub(F.mul(lam, F.sub(x1, x3)), y1))


def ec_mul(F, P, k):
    if k < 0:
        P, k = (P[0], F.sub(F.zero, P[1])) if P else None, -k
    R = None
    while k:
        if k & 1: R = ec_add(F, R, P)
        P = ec_add(F, P, P)
        k >>= 1
    return R


def on_curve(F, P, b):
    x, y = P
    return F.mul(y, y) == F.add(F.mul(F.mul(x, x), x), b)


# ---- generators (groth16-filecoin.md §6, full values from the IETF pairing-friendly-curves draft) ----
G1 = (0x17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb,
      0x08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1)
G2 = ((0x024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8,
       0x13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e),
      (0x0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801,
       0x0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be))
B1, XI = 4, (1, 1)
B2 = f2mul((4, 0), XI)
assert on_curve(FP, G1, B1) and on_curve(FP2, G2, B2)
assert ec_mul(FP, G1, r) is None and ec_mul(FP2, G2, r) is None

# ---- Fr domain constants ----
S = 32
t = (r - 1) >> S
assert t & 1 and (r - 1) == t << S
GEN = 7
assert pow(GEN, (r - 1) // 2, r) == r - 1  # non-residue
ROOT = pow(GEN, t, r)
assert ROOT == 0x16a2a19edfe81f20d09b681922c813b4b63683508c2280b93829971f439f0d2b
assert pow(ROOT, 1 << 31, r) == r - 1

# ---- G1 endomorphism σ(x, y) = (βx, y) acting as [−z²] (Scott, eprint 2021/1130) ----
lam = (-z * z) % r
assert (lam * lam + lam + 1) % r == 0
beta = None
for cand in (pow(2, (p - 1) // 3, p), pow(3, (p - 1) // 3, p), pow(5, (p - 1) // 3, p)):
    if cand == 1: continue
    for b_ in (cand, cand * cand % p):
        if (b_ * G1[0] % p, G1[1]) == ec_mul(FP, G1, lam):
            beta = b_
    if beta: break
assert beta is not None and pow(beta, 3, p) == 1

# ---- G2 endomorphism ψ = twist⁻¹ ∘ Frobenius ∘ twist acting as [z] ----
psi_cx = f2inv(f2pow(XI, (p - 1) // 3))
psi_cy = f2inv(f2pow(XI, (p - 1) // 2))


def psi(P):
    return (f2mul(f2conj(P[0]), psi_cx), f2mul(f2conj(P[1]), psi_cy))


assert psi(G2) == ec_mul(FP2, G2, z)
# ψ² coefficient (x ↦ x·c, y ↦ −y) for cofactor-style uses
psi2_cx = f2mul(f2conj(psi_cx), psi_cx)

# ---- Frobenius coefficients of the tower (Fp6 = Fp2[v]/(v³−ξ), Fp12 = Fp6[w]/(w²−v)) ----
# v^(p^k) = γ1_k · v, v^(2p^k) = γ2_k · v², w^(p^k) = γw_k · w, with
# γ1_k = ξ^((p^k−1)/3), γ2_k = ξ^(2(p^k−1)/3), γw_k = ξ^((p^k−1)/6).
frob6_c1 = [f2pow(XI, (p ** k - 1) // 3) for k in range(6)]
frob6_c2 = [f2pow(XI, 2 * (p ** k - 1) // 3) for k in range(6)]
frob12_c1 = [f2pow(XI, (p ** k - 1) // 6) for k in range(12)]


def c_fp(x):
    return "{{" + ", ".join("0x%016xull" % v for v in limbs(mont_p(x), 6)) + "}}"


def c_fp_raw(x):
    return "{{" + ", ".join("0x%016xull" % v for v in limbs(x, 6)) + "}}"


def c_fp2(a):
    return "{" + c_fp(a[0]) + ",\n     " + c_fp(a[1]) + "}"


def c_fr(x):
    return "{{" + ", ".join("0x%016xull" % v for v in limbs(mont_r(x), 4)) + "}}"


def c_u64s(x, n):
    return "{" + ", ".join("0x%016xull" % v for v in limbs(x, n)) + "}"


out = []
w = out.append
w("/* Generated by tools/gen_constants.py from z = -0xd201000000010000; do not edit. */")
w('#include "constants.h"\n')
w("/* ---- Fp ---- */")
w("const uint64_t cz_fp_modulus[6] = %s;" % c_u64s(p, 6))
w("const uint64_t cz_fp_m0inv = 0x%016xull; /* -p^-1 mod 2^64 */" % ((-pow(p, -1, 1 << 64)) % (1 << 64)))
w("const uint64_t cz_fp_r2[6] = %s; /* 2^768 mod p */" % c_u64s(RP * RP % p, 6))
w("const uint64_t cz_fp_p_minus_2[6] = %s;" % c_u64s(p - 2, 6))
w("const uint64_t cz_fp_p_plus_1_div_4[6] = %s;" % c_u64s((p + 1) // 4, 6))
w("const uint64_t cz_fp_p_minus_1_div_2[6] = %s;" % c_u64s((p - 1) // 2, 6))
w("const uint64_t cz_fp_p_minus_3_div_4[6] = %s;" % c_u64s((p - 3) // 4, 6))
w("const cz_fp cz_fp_zero = {{0}};")
w("const cz_fp cz_fp_one = %s;" % c_fp(1))
w("const cz_fp2 cz_fp2_zero = {{{0}}, {{0}}};")
w("const cz_fp2 cz_fp2_one = %s;" % c_fp2((1, 0)))
w("const cz_fp6 cz_fp6_zero = {{{{0}}, {{0}}}, {{{0}}, {{0}}}, {{{0}}, {{0}}}};")
w("const cz_fp6 cz_fp6_one = {%s,\n    {{{0}}, {{0}}}, {{{0}}, {{0}}}};" % c_fp2((1, 0)))
w("const cz_fp12 cz_fp12_one = {{%s,\n    {{{0}}, {{0}}}, {{{0}}, {{0}}}}, {{{{0}}, {{0}}}, {{{0}}, {{0}}}, {{{0}}, {{0}}}}};" % c_fp2((1, 0)))
w("\n/* ---- Fr ---- */")
w("const uint64_t cz_fr_modulus[4] = %s;" % c_u64s(r, 4))
w("const uint64_t cz_fr_m0inv = 0x%016xull; /* -r^-1 mod 2^64 */" % ((-pow(r, -1, 1 << 64)) % (1 << 64)))
w("const uint64_t cz_fr_r2[4] = %s; /* 2^512 mod r */" % c_u64s(RR * RR % r, 4))
w("const uint64_t cz_fr_r3[4] = %s; /* 2^768 mod r */" % c_u64s(RR * RR * RR % r, 4))
w("const uint64_t cz_fr_r_minus_2[4] = %s;" % c_u64s(r - 2, 4))
w("const uint64_t cz_fr_r_minus_1_div_2[4] = %s;" % c_u64s((r - 1) // 2, 4))
w("const uint64_t cz_fr_t_minus_1_div_2[4] = %s; /* (t-1)/2, r-1 = t·2^32 */" % c_u64s((t - 1) // 2, 4))
w("const cz_fr cz_fr_zero = {{0}};")
w("const cz_fr cz_fr_one = %s;" % c_fr(1))
w("const cz_fr cz_fr_generator = %s; /* 7 */" % c_fr(GEN))
w("const cz_fr cz_fr_root_of_unity_max = %s; /* 7^t, order 2^32 */" % c_fr(ROOT))
w("const cz_scalar cz_group_order = {%s};" % c_u64s(r, 4))
w("\n/* ---- curves ---- */")
w("const cz_fp cz_g1_b = %s; /* 4 */" % c_fp(B1))
w("const cz_fp2 cz_g2_b = %s; /* 4(1+u) */" % c_fp2(B2))
w("const cz_g1_affine cz_g1_generator = {%s,\n    %s};" % (c_fp(G1[0]), c_fp(G1[1])))
w("const cz_g2_affine cz_g2_generator = {%s,\n    %s};" % (c_fp2(G2[0]), c_fp2(G2[1])))
w("/* σ(x, y) = (βx, y) acts on G1 as [−z²] */")
w("const cz_fp cz_g1_endo_beta = %s;" % c_fp(beta))
w("/* ψ(x, y) = (conj(x)·cx, conj(y)·cy) acts on G2 as [z] */")
w("const cz_fp2 cz_g2_psi_cx = %s;" % c_fp2(psi_cx))
w("const cz_fp2 cz_g2_psi_cy = %s;" % c_fp2(psi_cy))
w("const cz_fp2 cz_g2_psi2_cx = %s;" % c_fp2(psi2_cx))
w("const uint64_t cz_bls_z_abs = 0x%016xull; /* |z|; z is negative */" % (-z))
w("\n/* ---- tower Frobenius coefficients ---- */")
w("const cz_fp2 cz_fp6_frob_c1[6] = {")
for a in frob6_c1: w("    %s," % c_fp2(a))
w("};")
w("const cz_fp2 cz_fp6_frob_c2[6] = {")
for a in frob6_c2: w("    %s," % c_fp2(a))
w("};")
w("const cz_fp2 cz_fp12_frob_c1[12] = {")
for a in frob12_c1: w("    %s," % c_fp2(a))
w("};")
# through clang-format (the repository's .clang-format): the generated file is the formatted one
text = subprocess.run(
    ["clang-format", "--assume-filename=lib/arith/constants.c"],
    input="\n".join(out) + "\n", capture_output=True, text=True, check=True,
).stdout
path = sys.argv[1] if len(sys.argv) > 1 else "lib/arith/constants.c"
with open(path, "w") as f:
    f.write(text)
