"""A 2 KiB PoRep C2 through the daemon as Curio sends it: Prove with proof_kind
POREP_SEAL_COMMIT, the C1 output of a deterministic test sector (`cuzk porep gen-sector`,
prover id = miner 1000), parameters from `cuzk setup porep` in the daemon's parameter
directory; the proof checked with `cuzk verify porep` against the C1. Skipped while the engine
has no PoRep job kind (it answers UNIMPLEMENTED)."""
import os
import subprocess
import unittest

import cuzkd

# gen-sector's prover id for miner 1000: the LEB128 of the actor id, left-aligned in 32 bytes
# (Curio's make_prover_id)
PROVER_1000 = "e807" + "00" * 30


class PorepTest(unittest.TestCase):
    def test_porep_2k(self):
        pb = cuzkd.pb
        d = cuzkd.Daemon().start()
        try:
            stub = d.stub()
            try:
                stub.SubmitProof(pb.SubmitProofRequest(request_id="probe", proof_kind=1,
                                                       vanilla_proof=b"{}"))
            except cuzkd.grpc.RpcError as e:
                if e.code() == cuzkd.grpc.StatusCode.UNIMPLEMENTED:
                    self.skipTest("the engine has no PoRep job kind yet: " + e.details())
            cuzk, params = cuzkd.ARGS.cuzk, cuzkd.ARGS.params
            c1 = os.path.join(d.dir, "c1.json")
            subprocess.run([cuzk, "porep", "gen-sector", "--size", "2KiB", "--out", c1,
                            "--prover-id", PROVER_1000, "--sector-id", "7"], check=True)
            vk = subprocess.run([cuzk, "params", "path", "--proof", "porep", "--size", "2KiB",
                                 "--vk", "--params", params + "/"], capture_output=True,
                                text=True).stdout.strip()
            if not vk or not os.path.exists(vk):
                subprocess.run([cuzk, "setup", "porep", "--size", "2KiB", "--params", params,
                                "--insecure-seed", "0x637a6b706f726570"], check=True)
                vk = subprocess.run([cuzk, "params", "path", "--proof", "porep", "--size",
                                     "2KiB", "--vk", "--params", params + "/"],
                                    capture_output=True, text=True, check=True).stdout.strip()
            with open(c1, "rb") as f:
                req = pb.SubmitProofRequest(request_id="porep-1000-7", proof_kind=1,
                                            sector_size=2048, sector_number=7, miner_id=1000,
                                            vanilla_proof=f.read())
            r = stub.Prove(pb.ProveRequest(submit=req)).result
            self.assertEqual(r.status, pb.AwaitProofResponse.COMPLETED, r.error_message)
            self.assertEqual(len(r.proof), 192)  # one partition at 2 KiB
            proof = os.path.join(d.dir, "proof")
            with open(proof, "wb") as f:
                f.write(r.proof)
            v = subprocess.run([cuzk, "verify", "porep", "--vk", vk, "--c1", c1, "--proof", proof],
                               capture_output=True, text=True)
            self.assertEqual(v.stdout.strip(), "VALID", v.stderr)
        finally:
            d.close()


if __name__ == "__main__":
    cuzkd.main()
