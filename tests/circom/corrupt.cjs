#!/usr/bin/env node
// Writes corrupted variants of a snarkjs Groth16 proof / public-signal list (BLS12-381), for
// rejection tests:   node corrupt.cjs <proof.json> <public.json> <outprefix>
// Prints one line per variant: "<name> <proof file> <public file> <check>", where <check> is
//   both   - every verifier must reject it;
//   cuzk   - cuzk must reject it; snarkjs 0.7.6 does not check the number of public signals, so
//            it accepts a list that lacks trailing zeros, and its result there is only reported.
"use strict";
const fs = require("fs");

const P = 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaabn;
const R = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001n;

const [proofFile, publicFile, prefix] = process.argv.slice(2);
if (!prefix) {
  console.error("usage: corrupt.cjs <proof.json> <public.json> <outprefix>");
  process.exit(2);
}
const proof = JSON.parse(fs.readFileSync(proofFile, "utf8"));
const pub = JSON.parse(fs.readFileSync(publicFile, "utf8"));
const clone = (x) => JSON.parse(JSON.stringify(x));
const write = (file, obj) => fs.writeFileSync(file, JSON.stringify(obj, null, 1) + "\n");

const variants = [];
function proofVariant(name, f) {
  const p = clone(proof);
  f(p);
  const file = `${prefix}.${name}.proof.json`;
  write(file, p);
  variants.push([name, file, publicFile, "both"]);
}
function publicVariant(name, f, check = "both") {
  const s = clone(pub);
  f(s);
  const file = `${prefix}.${name}.public.json`;
  write(file, s);
  variants.push([name, proofFile, file, check]);
}

// pi_a with x + 1: (almost surely) not on the curve
proofVariant("a_x_plus_1", (p) => { p.pi_a[0] = ((BigInt(p.pi_a[0]) + 1n) % P).toString(); });
// -pi_a: on the curve and in the group, but the wrong point
proofVariant("a_negated", (p) => { p.pi_a[1] = ((P - BigInt(p.pi_a[1])) % P).toString(); });
// pi_a and pi_c swapped: both valid G1 points
proofVariant("a_c_swapped", (p) => { [p.pi_a, p.pi_c] = [p.pi_c, p.pi_a]; });
// pi_b with x.c0 + 1: not on the G2 curve
proofVariant("b_x_plus_1", (p) => { p.pi_b[0][0] = ((BigInt(p.pi_b[0][0]) + 1n) % P).toString(); });
// pi_c = the point at infinity, as snarkjs writes it (projective [0, 1, 0])
proofVariant("c_infinity", (p) => { p.pi_c = ["0", "1", "0"]; });

if (pub.length > 0) {
  // another statement
  publicVariant("public0_plus_1", (s) => { s[0] = ((BigInt(s[0]) + 1n) % R).toString(); });
  // the same value mod r, not canonical: must not be reduced silently
  publicVariant("public0_plus_r", (s) => { s[0] = (BigInt(s[0]) + R).toString(); });
  // one signal fewer
  publicVariant("public_short", (s) => { s.pop(); }, "cuzk");
}
// one signal more
publicVariant("public_long", (s) => { s.push("0"); }, "cuzk");

for (const v of variants) console.log(v.join(" "));
