pragma circom 2.1.0;

// cuzk interop test (a): a small polynomial with one public output, two public inputs
// and two private signals.
//   out = (x*y + w)^2 + 3*x + k*y + 5     with the private w, k
// Public signals, in snarkjs order (outputs first): [out, x, y].
template Polynomial() {
    signal input x;   // public
    signal input y;   // public
    signal input w;   // private
    signal input k;   // private
    signal output out;

    signal xy;
    signal s;
    signal ky;

    xy <== x * y;
    s <== (xy + w) * (xy + w);
    ky <== k * y;
    out <== s + 3 * x + ky + 5;
}

component main {public [x, y]} = Polynomial();
