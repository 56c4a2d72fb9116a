pragma circom 2.1.0;

// cuzk interop test (b): exercises every path of a Groth16 prover on a circom circuit.
//  - several public inputs (an array too) and two public outputs;
//  - a few hundred constraints: a multiplication chain, a 64-bit decomposition, a running
//    product over a private array;
//  - linear constraints (A = B = 0 after circom's --O1), constants in every linear combination,
//    public inputs inside A, B and C;
//  - a public input that is 0 and one that is r - 1 (the largest field element), so the
//    witness holds zeros, ones, small values, booleans and full-width values near r.
// Public signals, in snarkjs order: [acc, lin, a, b, zero, big, pub[0], pub[1], pub[2]]; the
// test input makes the last one 0 (snarkjs does not check the count of public signals).

// x == sum bits[i] * 2^i, each bits[i] boolean; n booleanity constraints + one linear one.
template Bits(n) {
    signal input in;
    signal output bits[n];
    var sum = 0;
    var e = 1;
    for (var i = 0; i < n; i++) {
        bits[i] <-- (in >> i) & 1;
        bits[i] * (bits[i] - 1) === 0;
        sum += bits[i] * e;
        e = e + e;
    }
    sum === in;
}

template Stress(N, M) {
    signal input a;         // public, a 64-bit value
    signal input b;         // public
    signal input zero;      // public, must be 0
    signal input big;       // public, must be r - 1 (= -1)
    signal input pub[3];    // public
    signal input secret[M]; // private
    signal output acc;
    signal output lin;

    // the edge values are pinned by the circuit
    zero * a === 0 * a;          // a constraint whose C is empty
    signal zz;
    zz <== zero * secret[0];      // a product that is 0
    zz === 0;
    big * big === 1;              // (r-1)^2 = 1
    signal bb;
    bb <== big * b;               // = -b, a full-width witness value
    bb + b === 0;                 // linear
    signal nearr;
    nearr <== big - 41;           // = r - 42, linear with a constant

    // a multiplication chain with constants and public inputs in A, B and C
    signal x[N + 1];
    signal y[N];
    x[0] <== a + 2 * secret[0] + 1;
    for (var i = 0; i < N; i++) {
        y[i] <== (x[i] + i) * (x[i] + pub[i % 3] + 3);
        x[i + 1] <== y[i] * (b + big + 1) + nearr * 7 + pub[(i + 1) % 3];
    }

    // the bits of a (zeros and ones in the witness)
    component bits = Bits(64);
    bits.in <== a;

    // a running product over the private array, mixed with the bits
    signal p[M + 1];
    p[0] <== 1;
    for (var j = 0; j < M; j++) {
        p[j + 1] <== p[j] * (secret[j] + bits.bits[j % 64] + zz);
    }

    acc <== x[N] * p[M] + zero;
    // a purely linear output over public and private signals and constants
    lin <== 5 * a - 3 * b + pub[0] + pub[1] + pub[2] + 11 * secret[1] + 9 + big;
}

component main {public [a, b, zero, big, pub]} = Stress(150, 100);
