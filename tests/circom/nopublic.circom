pragma circom 2.1.0;

// cuzk interop test (c): no public signal at all, so the verification key has a single
// IC point and public.json is an empty array. Proves knowledge of factors of a constant.
template NoPublic() {
    signal input p;
    signal input q;
    signal pq;
    pq <== p * q;
    pq === 391;          // 17 * 23
    // p, q != 1: (p - 1) * inv === 1
    signal ip;
    signal iq;
    ip <-- 1 / (p - 1);
    iq <-- 1 / (q - 1);
    (p - 1) * ip === 1;
    (q - 1) * iq === 1;
}

component main = NoPublic();
