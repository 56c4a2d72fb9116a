pragma circom 2.0.0;

// Benchmark circuit: SHA-256 of a 64-byte (512-bit) private message with circomlib's Sha256
// (two compression blocks: the message and its padding); the 256 digest bits are public outputs.
include "circomlib/circuits/sha256/sha256.circom";

component main = Sha256(512);
