"""A 2 KiB PoRep C2 through the daemon as Curio sends it: Prove with proof_kind
POREP_SEAL_COMMIT and the C1 output of a deterministic test sector (`cuzk porep gen-sector`,
prover id = miner 1000), in JSON and in Curio's envelope; the proofs checked with
`cuzk verify porep` against the C1. The parameters come from the cache that
tests/integration/cli_porep.sh shares ($CUZK_TEST_PARAMS, default ~/.cache/cuzk; made there
with the same seed when missing: minutes). Skipped while the engine has no PoRep job kind."""
import base64
import json
import os
import subprocess
import unittest

import cuzkd

# The prover id of miner 1000: the LEB128 of the actor id, left-aligned in 32 bytes (Curio's
# make_prover_id)
PROVER_1000 = "e807" + "00" * 30


def params_dir():
    cache = os.environ.get("CUZK_TEST_PARAMS") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "cuzk")
    os.makedirs(cache, exist_ok=True)
    return cache


def official_vk(cache):
    r = subprocess.run([cuzkd.ARGS.cuzk, "params", "path", "--proof", "porep", "--size", "2KiB",
                        "--vk", "--params", cache + "/"], capture_output=True, text=True)
    return r.stdout.strip() if r.returncode == 0 else None


class PorepTest(unittest.TestCase):
    def test_porep_2k(self):
        pb, cuzk = cuzkd.pb, cuzkd.ARGS.cuzk
        cache = params_dir()
        d = cuzkd.Daemon(param_cache=cache).start()
        try:
            stub = d.stub()
            try:
                stub.SubmitProof(pb.SubmitProofRequest(request_id="probe", proof_kind=1,
                                                       vanilla_proof=b"{}"))
            except cuzkd.grpc.RpcError as e:
                if e.code() == cuzkd.grpc.StatusCode.UNIMPLEMENTED:
                    self.skipTest("the engine has no PoRep job kind yet: " + e.details())
            vk = official_vk(cache)
            if not vk:
                subprocess.run([cuzk, "setup", "porep", "--size", "2KiB", "--params", cache,
                                "--insecure-seed", "0x637a6b706f726570"], check=True)
                vk = official_vk(cache)
            c1 = os.path.join(d.dir, "c1.json")
            subprocess.run([cuzk, "porep", "gen-sector", "--size", "2KiB", "--out", c1,
                            "--prover-id", PROVER_1000, "--sector-id", "7"], check=True)
            with open(c1, "rb") as f:
                c1_json = f.read()
            # Curio's envelope (lib/ffi/cuzk_funcs.go wrapC1Output): base64 of the C1 JSON
            envelope = json.dumps({"SectorNum": 7, "Phase1Out": base64.b64encode(c1_json).decode(),
                                   "SectorSize": 2048}).encode()
            # Curio sends registered_proof 8 (StackedDrg32GiBV1_1) or 13 (its SyntheticPoRep
            # form): 32 GiB. At 2 KiB their counterparts are 5 and 10.
            for rid, body, registered in (("porep-1000-7", c1_json, 5),
                                          ("ps-porep-1000-7-1", envelope, 10)):
                req = pb.SubmitProofRequest(request_id=rid, proof_kind=pb.POREP_SEAL_COMMIT,
                                            sector_size=2048, sector_number=7, miner_id=1000,
                                            registered_proof=registered, priority=pb.NORMAL,
                                            vanilla_proof=body)
                r = stub.Prove(pb.ProveRequest(submit=req)).result
                self.assertEqual(r.status, pb.AwaitProofResponse.COMPLETED, r.error_message)
                self.assertEqual(len(r.proof), 192)  # one partition at 2 KiB
                proof = os.path.join(d.dir, rid)
                with open(proof, "wb") as f:
                    f.write(r.proof)
                v = subprocess.run([cuzk, "verify", "porep", "--vk", vk, "--c1", c1, "--proof",
                                    proof], capture_output=True, text=True)
                self.assertEqual(v.stdout.strip(), "VALID", rid + ": " + v.stderr)
            # proved under the native file the daemon made beside the official one on first
            # use ([srs] native_params), mapped: WARM
            srs = {s.circuit_id: s for s in stub.GetStatus(pb.GetStatusRequest()).loaded_srs}
            self.assertEqual(srs["porep-2k"].tier, pb.SRSStatus.WARM)
            self.assertTrue(os.path.exists(vk[:-len(".vk")] + ".czparams"))
            # another miner's or sector's numbers: refused before anything is queued
            for miner, sector in ((1001, 7), (1000, 8)):
                req = pb.SubmitProofRequest(request_id="porep-%d-%d" % (miner, sector),
                                            proof_kind=pb.POREP_SEAL_COMMIT, sector_size=2048,
                                            sector_number=sector, miner_id=miner,
                                            vanilla_proof=c1_json)
                with self.assertRaises(cuzkd.grpc.RpcError) as e:
                    stub.SubmitProof(req)
                self.assertEqual(e.exception.code(), cuzkd.grpc.StatusCode.INVALID_ARGUMENT)
                self.assertIn("replica_id", e.exception.details())
        finally:
            d.close()


if __name__ == "__main__":
    cuzkd.main()
