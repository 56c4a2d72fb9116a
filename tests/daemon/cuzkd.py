"""Shared pieces of the daemon's tests: a real daemon process, a Python gRPC client built from
proto/cuzk/v1/proving.proto (Debian's python3-grpcio and protoc's python output), and the
independent checks of what comes back (`cuzk verify` with public inputs computed here).

Each test script takes: --cuzk BIN (the cuzk program), --params DIR (demo-sha256-1.params/.vk,
see make_params), --proto DIR (the .proto root), then unittest's own arguments.
"""
import argparse
import hashlib
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest

try:
    import grpc
except ImportError:
    sys.exit("python3-grpcio is missing: run scripts/setup-debian.sh")

ARGS = None
pb = None  # cuzk.v1 messages (proving_pb2)
pbg = None  # cuzk.v1 service stubs (proving_pb2_grpc)

# cuzk.v1 numbers (proving.proto), and cuzk's generic kind 5 (the SHA-256 demo circuit)
SHA256_DEMO = 5
MAX_MESSAGE = 256 << 20
DEMO_CIRCUIT = "demo-sha256-1"


def main():
    """Parses the shared arguments, builds the Python stubs, runs the calling script's tests."""
    global ARGS, pb, pbg
    p = argparse.ArgumentParser()
    for a in ("--cuzk", "--params", "--proto"):
        p.add_argument(a, required=True)
    ARGS, rest = p.parse_known_args()
    gen = tempfile.mkdtemp(prefix="cuzk-pb-")
    plugin = shutil.which("grpc_python_plugin")
    if not plugin:
        sys.exit("grpc_python_plugin is missing (protobuf-compiler-grpc): run scripts/setup-debian.sh")
    subprocess.run(["protoc", "-I", ARGS.proto, "--python_out=" + gen, "--grpc_out=" + gen,
                    "--plugin=protoc-gen-grpc=" + plugin, "cuzk/v1/proving.proto"], check=True)
    sys.path.insert(0, gen)
    from cuzk.v1 import proving_pb2, proving_pb2_grpc
    pb, pbg = proving_pb2, proving_pb2_grpc
    try:
        unittest.main(argv=[sys.argv[0]] + rest, verbosity=2)
    finally:
        shutil.rmtree(gen, ignore_errors=True)


def make_params(cuzk, directory, k=1):
    """demo-sha256-<k>.params/.vk in directory (reproducible, INSECURE: tests only)."""
    os.makedirs(directory, exist_ok=True)
    base = os.path.join(directory, "demo-sha256-%d" % k)
    if not os.path.exists(base + ".vk"):
        subprocess.run([cuzk, "setup", "--circuit", "sha256-preimage", "--bytes", str(64 * k),
                        "--params", base + ".params.tmp", "--vk", base + ".vk.tmp",
                        "--insecure-seed", "1"], check=True)
        os.rename(base + ".params.tmp", base + ".params")
        os.rename(base + ".vk.tmp", base + ".vk")


# ---- the independent check of a demo proof -------------------------------------------------

R = 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001  # BLS12-381 Fr


def demo_inputs(message):
    """The public inputs of the SHA-256 preimage circuit: the digest's bits (most significant
    bit of each byte first, as bellperson's bytes_to_bits) multipacked into Fr elements of 254
    bits, least significant first; 32 bytes little-endian each."""
    digest = hashlib.sha256(message).digest()
    bits = [(byte >> (7 - i)) & 1 for byte in digest for i in range(8)]
    out = b""
    for start in range(0, len(bits), 254):
        v = sum(b << i for i, b in enumerate(bits[start:start + 254]))
        assert v < R
        out += v.to_bytes(32, "little")
    return out


def verify_demo(proof, message, workdir, vk=None):
    """`cuzk verify` of one 192-byte proof of message under the demo key."""
    vk = vk or os.path.join(ARGS.params, DEMO_CIRCUIT + ".vk")
    fd, pfile = tempfile.mkstemp(dir=workdir)
    os.write(fd, proof)
    os.close(fd)
    fd, ifile = tempfile.mkstemp(dir=workdir)
    os.write(fd, demo_inputs(message))
    os.close(fd)
    r = subprocess.run([ARGS.cuzk, "verify", "--vk", vk, "--proof", pfile, "--inputs", ifile],
                       capture_output=True, text=True)
    os.unlink(pfile)
    os.unlink(ifile)
    return r.returncode == 0 and r.stdout.strip() == "VALID"


# ---- a daemon ------------------------------------------------------------------------------

class Daemon:
    """A `daemon` process on a unix socket in a fresh directory, with the status HTTP server on
    a loopback port it picks; its log is a file there."""

    def __init__(self, config="", args=(), socket_dir=None, listen=None, param_cache=None):
        self.dir = tempfile.mkdtemp(prefix="cuzkd-")
        self.socket_dir = socket_dir or os.path.join(self.dir, "run")  # created by the daemon
        self.socket = os.path.join(self.socket_dir, "cuzk.sock")
        self.listen = listen or "unix://" + self.socket
        self.addr = self.listen
        self.config = os.path.join(self.dir, "cuzk.toml")
        with open(self.config, "w") as f:
            f.write(config)
        self.log = os.path.join(self.dir, "daemon.log")
        self.args = list(args)
        self.param_cache = param_cache or ARGS.params
        self.proc = None
        self.http = None
        self.starts = 0

    def start(self, timeout=60):
        self.starts += 1
        log = open(self.log, "a")
        self.proc = subprocess.Popen(
            [ARGS.cuzk, "daemon", "--config", self.config, "--listen", self.listen,
             "--status-listen", "127.0.0.1:0", "--param-cache", self.param_cache] + self.args,
            stdout=log, stderr=subprocess.STDOUT)
        log.close()
        end = time.time() + timeout
        while time.time() < end:
            ready = [l for l in self.log_lines() if "cuzk daemon ready" in l]
            if len(ready) >= self.starts:
                m = re.search(r"status_listen=(\S+)", ready[-1])
                self.http = m.group(1) if m else None
                m = re.search(r" listen=(\S+)", ready[-1])
                if m and not self.listen.startswith("unix://"):
                    self.addr = m.group(1)  # the port bound for port 0
                return self
            if self.proc.poll() is not None:
                raise RuntimeError("the daemon exited with %d:\n%s" % (self.proc.returncode,
                                                                       self.log_text()))
            time.sleep(0.05)
        raise RuntimeError("the daemon did not start:\n" + self.log_text())

    def log_text(self):
        with open(self.log, errors="replace") as f:
            return f.read()

    def log_lines(self):
        return self.log_text().splitlines()

    def stop(self, sig=signal.SIGTERM, timeout=120):
        """Signals the daemon and returns its exit status."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(sig)
            self.proc.wait(timeout)
        return self.proc.returncode if self.proc else None

    def kill9(self):
        self.proc.kill()
        self.proc.wait()

    def peak_rss(self):
        """The process's peak resident set (VmHWM) in bytes."""
        with open("/proc/%d/status" % self.proc.pid) as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
        return 0

    def channel(self):
        return grpc.insecure_channel(self.addr, options=[
            ("grpc.max_send_message_length", 1 << 30),
            ("grpc.max_receive_message_length", MAX_MESSAGE)])

    def stub(self):
        return pbg.ProvingEngineStub(self.channel())

    def close(self):
        self.stop(signal.SIGKILL)
        shutil.rmtree(self.dir, ignore_errors=True)


def demo_request(message, request_id="", priority=0, messages=None):
    """A SubmitProofRequest of the demo kind: one message, or several (one partition each)."""
    r = pb.SubmitProofRequest(request_id=request_id, proof_kind=SHA256_DEMO, priority=priority)
    if messages:
        r.vanilla_proofs.extend(messages)
    else:
        r.vanilla_proof = message
    return r


def metric(text, name, labels=None):
    """The value of a series in Prometheus text (labels: a dict that must match exactly)."""
    for line in text.splitlines():
        if line.startswith("#"):
            continue
        m = re.match(r"([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)$", line)
        if not m or m.group(1) != name:
            continue
        got = dict(re.findall(r'(\w+)="([^"]*)"', m.group(3) or ""))
        if got == (labels or {}):
            return float(m.group(4))
    return None


def wait_for(predicate, timeout=60, step=0.05):
    end = time.time() + timeout
    while time.time() < end:
        v = predicate()
        if v:
            return v
        time.sleep(step)
    raise AssertionError("timed out waiting")


def running_jobs(stub):
    """Job count in progress, from GetStatus."""
    return sum(q.in_progress for q in stub.GetStatus(pb.GetStatusRequest()).queues)
