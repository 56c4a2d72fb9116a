#!/usr/bin/env node
// Runs a list of snarkjs CLI commands in one node process, so that the BLS12-381 curve (its wasm
// build and worker threads, ~1 s per snarkjs start) is built once instead of once per command.
//
//   node snarkjs_batch.cjs 'groth16 setup c.r1cs pot.ptau c_0.zkey' '!groth16 verify vk.json pub.json bad.json' ...
//
// Each argument is one snarkjs command line, with the same words, argument order and outputs as
// `snarkjs <line>` of snarkjs 0.7.6 (this file mirrors its cli.cjs, calling the same library
// functions). A leading '!' means the command is expected to fail (exit 1 for a proof that does not
// verify or a witness that does not satisfy the circuit); a leading '?' only reports the result.
// The process exits 0 when every command gave the expected result, 1 otherwise (at the first
// miss). Words are split on spaces: paths must not contain any.
// Set SNARKJS_BATCH_VERBOSE=1 for snarkjs's own log.
"use strict";
const fs = require("fs");
const snarkjs = require("snarkjs");
const { utils } = require("ffjavascript");

let notes = []; // snarkjs's warnings and errors during the current command, shown on its line
const logger = {
  debug() {},
  info(...a) { if (process.env.SNARKJS_BATCH_VERBOSE) console.log("    [snarkjs]", ...a); },
  log(...a) { if (process.env.SNARKJS_BATCH_VERBOSE) console.log("    [snarkjs]", ...a); },
  warn(...a) { notes.push(a.join(" ")); },
  error(...a) { notes.push(a.join(" ")); },
};

function parse(line) {
  const words = line.trim().split(/\s+/).filter((w) => w.length);
  const params = [];
  const options = {};
  for (const w of words) {
    const m = /^--?([A-Za-z]+)(?:=(.*))?$/.exec(w);
    if (m) {
      const key = { n: "name", e: "entropy", v: "verbose" }[m[1]] || m[1];
      options[key] = m[2] === undefined ? true : m[2];
    } else {
      params.push(w);
    }
  }
  return { params, options };
}

const writeJson = (file, obj) => fs.promises.writeFile(file, JSON.stringify(utils.stringifyBigInts(obj), null, 1));
const readJson = (file) => JSON.parse(fs.readFileSync(file, "utf8"));

// Each returns the exit status `snarkjs <command>` would give.
const commands = {
  async "powersoftau new"([curveName, power, ptau]) {
    const curve = await snarkjs.curves.getCurveFromName(curveName);
    await snarkjs.powersOfTau.newAccumulator(curve, parseInt(power, 10), ptau, logger);
    return 0;
  },
  async "powersoftau contribute"([oldPtau, newPtau], o) {
    await snarkjs.powersOfTau.contribute(oldPtau, newPtau, o.name, o.entropy, logger);
    return 0;
  },
  async "powersoftau prepare phase2"([oldPtau, newPtau]) {
    await snarkjs.powersOfTau.preparePhase2(oldPtau, newPtau, logger);
    return 0;
  },
  async "groth16 setup"([r1cs, ptau, zkey]) {
    await snarkjs.zKey.newZKey(r1cs, ptau, zkey, logger);
    return 0;
  },
  async "zkey contribute"([oldZkey, newZkey], o) {
    await snarkjs.zKey.contribute(oldZkey, newZkey, o.name, o.entropy, logger);
    return 0;
  },
  async "zkey export verificationkey"([zkey, vkFile]) {
    await writeJson(vkFile, await snarkjs.zKey.exportVerificationKey(zkey, logger));
    return 0;
  },
  async "wtns export json"([wtns, jsonFile]) {
    await writeJson(jsonFile, await snarkjs.wtns.exportJson(wtns));
    return 0;
  },
  async "zkey export json"([zkey, jsonFile]) {
    await writeJson(jsonFile, await snarkjs.zKey.exportJson(zkey));
    return 0;
  },
  async "r1cs export json"([r1cs, jsonFile]) {
    await writeJson(jsonFile, await snarkjs.r1cs.exportJson(r1cs, logger));
    return 0;
  },
  async "wtns calculate"([wasm, inputFile, wtns]) {
    await snarkjs.wtns.calculate(readJson(inputFile), wasm, wtns, {});
    return 0;
  },
  async "wtns check"([r1cs, wtns]) {
    return (await snarkjs.wtns.check(r1cs, wtns, logger)) ? 0 : 1;
  },
  async "groth16 prove"([zkey, wtns, proofFile, publicFile]) {
    const { proof, publicSignals } = await snarkjs.groth16.prove(zkey, wtns, logger);
    await writeJson(proofFile, proof);
    await writeJson(publicFile, publicSignals);
    return 0;
  },
  async "groth16 verify"([vkFile, publicFile, proofFile]) {
    const ok = await snarkjs.groth16.verify(readJson(vkFile), readJson(publicFile), readJson(proofFile), logger);
    return ok ? 0 : 1;
  },
};

async function runOne(line) {
  const mode = line[0] === "!" || line[0] === "?" ? line[0] : "";
  const expectFail = mode === "!";
  const text = mode ? line.slice(1) : line;
  const { params, options } = parse(text);
  let name = null;
  for (let n = 3; n >= 1 && !name; n--) {
    const cand = params.slice(0, n).join(" ");
    if (commands[cand]) name = cand;
  }
  if (!name) throw new Error(`snarkjs_batch: unsupported command: ${text}`);
  const args = params.slice(name.split(" ").length);
  const t0 = Date.now();
  notes = [];
  let rc;
  try {
    rc = await commands[name](args, options);
  } catch (e) {
    // snarkjs's CLI prints the error and exits 1
    logger.error(e && e.message ? e.message : String(e));
    rc = 1;
  }
  const secs = ((Date.now() - t0) / 1000).toFixed(2);
  const ok = mode === "?" || (expectFail ? rc !== 0 : rc === 0);
  const what = name === "groth16 verify" || name === "wtns check" || name === "zkey verify"
    ? (rc === 0 ? " -> VALID" : " -> INVALID") : (rc === 0 ? "" : " -> FAILED");
  const why = notes.length ? ` [${notes.join("; ")}]` : "";
  const verdict = mode === "?" ? " (not checked)" : ok ? "" : expectFail ? "  <- UNEXPECTEDLY OK" : "  <- ERROR";
  console.log(`  snarkjs ${text.trim()}${what}${why} (${secs} s)${verdict}`);
  return ok;
}

(async () => {
  // ffjavascript keeps one curve object per process in globalThis. r1csfile ships its own older
  // ffjavascript (0.3.0), whose multiExpAffine throws on zero points ("Scalar size does not
  // match"); when it builds the curve first (wtns check, groth16 setup), a later groth16 verify of a
  // circuit with no public signal fails. Building the curve with snarkjs's own ffjavascript first
  // makes every command use that one, as a single `snarkjs groth16 verify` does.
  await snarkjs.curves.getCurveFromName("bls12381");
  let lines = process.argv.slice(2);
  if (lines.length === 0) {
    lines = fs.readFileSync(0, "utf8").split("\n").filter((l) => l.trim() && !l.trim().startsWith("#"));
  }
  let good = true;
  for (const line of lines) {
    if (!(await runOne(line))) {
      good = false;
      break;
    }
  }
  process.exit(good ? 0 : 1); // the curve's worker threads keep node alive otherwise
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
