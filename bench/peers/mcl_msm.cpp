// mcl's MSM (G1::mulVec, G2::mulVec) on one thread, on distinct normalised points P_i = (i + 1)·P
// and random scalars, timed by process CPU time (min and median of the repetitions). Built outside
// the repository by bench/peers/build.sh, once against mcl with its AVX-512 IFMA MSM (MCL_MSM=1,
// used at run time when the CPU has IFMA; G1 only) and once without (MCL_MSM=0).
//   mcl_msm LOG2N [REPS [2]]      (a third argument 2: G2)
#include <mcl/bls12_381.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>

using namespace mcl::bn;

static double cpu_now()
{
    timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

template <class G> static void run(const char *name, int lg, int reps, const G &base)
{
    size_t n = size_t(1) << lg;
    std::vector<G> points(n);
    std::vector<Fr> scalars(n);
    points[0] = base;
    for (size_t i = 1; i < n; i++)
        G::add(points[i], points[i - 1], base);
    G::normalizeVec(points.data(), points.data(), n);
    for (size_t i = 0; i < n; i++)
        scalars[i].setByCSPRNG();
    std::vector<double> t;
    for (int r = 0; r < reps; r++) {
        G out;
        double t0 = cpu_now();
        G::mulVec(out, points.data(), scalars.data(), n);
        t.push_back(cpu_now() - t0);
    }
    std::sort(t.begin(), t.end());
    printf("mcl msm_%s 2^%d: min %.4f s median %.4f s (cpu time, %d reps)\n", name, lg, t[0],
           t[t.size() / 2], reps);
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return 2;
    int lg = atoi(argv[1]), reps = argc > 2 ? atoi(argv[2]) : 3;
    bool g2 = argc > 3 && argv[3][0] == '2';
    initPairing(mcl::BLS12_381);
    if (g2) {
        G2 q;
        hashAndMapToG2(q, "abc", 3);
        run("g2", lg, reps, q);
    } else {
        G1 p;
        hashAndMapToG1(p, "abc", 3);
        run("g1", lg, reps, p);
    }
    return 0;
}
