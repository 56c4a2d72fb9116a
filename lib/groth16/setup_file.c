/*
 * Setup into a parameter file, resumable (groth16_setup.h): PATH.partial grows chunk by chunk,
 * in bellperson's layout or cuzk's native one, and PATH.partial.state says how far it got.
 *
 * The state file is a few lines of text, rewritten whole (tmp, fsync, rename) after every chunk
 * once the chunk itself is durable (fdatasync), so that whatever a crash leaves, the state
 * never claims points that are not on disk:
 *   cuzk-setup-state 1
 *   shape <inputs> <aux> <rows> <log m>
 *   format native                        (a native file; absent: bellperson's .params)
 *   seed <u64>                           (an insecure run: the secrets are drawn again)
 *   secrets <τ> <α> <β> <γ> <δ>          (a secure run: 64 hex digits each, little-endian)
 *   section <name> <count> <done>        (one per section whose count is known)
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "alloc.h"
#include "check.h"
#include "groth16_io.h"
#include "groth16_setup.h"
#include "params_native.h"
#include "why.h"

#define CZ_STATE_MAGIC "cuzk-setup-state 1"

/* The native layout as a setup writer: sections laid as their counts come, the VK kept for the
 * header that completes the file. */
typedef struct cz_setup_native {
    cz_g16_writer w;
    cz_native_writer nw;
    cz_groth16_vk vk; /* its six points */
} cz_setup_native;

typedef struct cz_setup_file {
    cz_g16_writer w; /* the checkpointing wrapper */
    bool native;
    cz_g16_file_writer bell; /* the file, in one of the two layouts */
    cz_setup_native nat;
    cz_g16_writer *inner;
    char partial[4096], state[4096], tmp[4200];
    const cz_setup_shape *shape;
    const uint64_t *seed;            /* or: */
    const cz_setup_secrets *secrets; /* stored (a secure run) */
    char *why;
    size_t why_len;
} cz_setup_file;

/* st, with "<path>: <what>: <errno's reason>" in why */
static cz_status cz_setup_file_fail(cz_setup_file *f, cz_status st, const char *what,
                                    const char *path)
{
    return cz_fail(st, f->why, f->why_len, "%s: %s: %s", path, what, strerror(errno));
}

static void cz_setup_hex(char out[65], const cz_fr *x)
{
    uint8_t b[32];
    cz_fr_to_bytes_le(b, x);
    for (int i = 0; i < 32; i++)
        snprintf(out + 2 * i, 3, "%02x", b[i]);
    explicit_bzero(b, sizeof b);
}

static bool cz_setup_unhex(cz_fr *x, const char *in)
{
    uint8_t b[32];
    for (int i = 0; i < 32; i++) {
        unsigned v;
        if (sscanf(in + 2 * i, "%2x", &v) != 1)
            return false;
        b[i] = (uint8_t)v;
    }
    bool ok = cz_fr_from_bytes_le(x, b) == CZ_OK;
    explicit_bzero(b, sizeof b);
    return ok;
}

/* Writes the state: tmp (0600: it may hold the toxic waste), fsync, rename. */
static cz_status cz_setup_state_save(cz_setup_file *f)
{
    char buf[2048];
    const cz_setup_shape *sh = f->shape;
    int n = snprintf(
        buf, sizeof buf, CZ_STATE_MAGIC "\nshape %" PRIu32 " %" PRIu32 " %" PRIu64 " %u\n%s",
        sh->num_inputs, sh->num_aux, sh->rows, sh->log_m, f->native ? "format native\n" : "");
    if (f->seed) {
        n += snprintf(buf + n, sizeof buf - (size_t)n, "seed %" PRIu64 "\n", *f->seed);
    } else {
        const cz_fr *x[5] = {&f->secrets->tau, &f->secrets->alpha, &f->secrets->beta,
                             &f->secrets->gamma, &f->secrets->delta};
        n += snprintf(buf + n, sizeof buf - (size_t)n, "secrets");
        for (int i = 0; i < 5; i++) {
            char h[65];
            cz_setup_hex(h, x[i]);
            n += snprintf(buf + n, sizeof buf - (size_t)n, " %s", h);
            explicit_bzero(h, sizeof h);
        }
        n += snprintf(buf + n, sizeof buf - (size_t)n, "\n");
    }
    const cz_g16_resumed *r = &f->w.resumed;
    for (int s = 0; s < CZ_G16_SECTIONS; s++)
        if (r->counted[s])
            n += snprintf(buf + n, sizeof buf - (size_t)n, "section %s %zu %zu\n",
                          cz_g16_section_name((cz_g16_section)s), r->count[s], r->done[s]);
    int fd = open(f->tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    bool ok = fd >= 0 && write(fd, buf, (size_t)n) == n && fsync(fd) == 0;
    explicit_bzero(buf, sizeof buf);
    if (fd >= 0)
        ok = close(fd) == 0 && ok;
    if (!ok || rename(f->tmp, f->state) != 0)
        return cz_setup_file_fail(f, CZ_ERR_IO, "cannot write", f->state);
    return CZ_OK;
}

/*
 * Reads the state of an interrupted run into f->w.resumed, checking it belongs to this circuit
 * and seed. CZ_ERR_NOT_FOUND when there is none.
 */
static cz_status cz_setup_state_load(cz_setup_file *f, cz_setup_secrets *secrets, bool *stored)
{
    FILE *in = fopen(f->state, "r");
    if (!in)
        return errno == ENOENT ? CZ_ERR_NOT_FOUND
                               : cz_setup_file_fail(f, CZ_ERR_IO, "cannot open", f->state);
    char line[512];
    cz_setup_shape sh;
    bool magic = false, shape = false, have_seed = false, have_secrets = false, native = false,
         ok = true;
    uint64_t seed = 0;
    while (ok && fgets(line, sizeof line, in)) {
        char name[16], h[5][65];
        size_t count, done;
        if (strcmp(line, CZ_STATE_MAGIC "\n") == 0)
            magic = true;
        else if (sscanf(line, "shape %" SCNu32 " %" SCNu32 " %" SCNu64 " %u", &sh.num_inputs,
                        &sh.num_aux, &sh.rows, &sh.log_m) == 4)
            shape = true;
        else if (strcmp(line, "format native\n") == 0)
            native = true;
        else if (sscanf(line, "seed %" SCNu64, &seed) == 1)
            have_seed = true;
        else if (sscanf(line, "secrets %64s %64s %64s %64s %64s", h[0], h[1], h[2], h[3], h[4]) ==
                 5) {
            cz_fr *x[5] = {&secrets->tau, &secrets->alpha, &secrets->beta, &secrets->gamma,
                           &secrets->delta};
            for (int i = 0; i < 5 && ok; i++)
                ok = cz_setup_unhex(x[i], h[i]);
            have_secrets = true;
            explicit_bzero(h, sizeof h);
        } else if (sscanf(line, "section %15s %zu %zu", name, &count, &done) == 3) {
            int s = 0;
            while (s < CZ_G16_SECTIONS && strcmp(name, cz_g16_section_name((cz_g16_section)s)))
                s++;
            ok = s < CZ_G16_SECTIONS && done <= count;
            if (ok) {
                f->w.resumed.counted[s] = true;
                f->w.resumed.count[s] = count;
                f->w.resumed.done[s] = done;
            }
        } else
            ok = false;
    }
    explicit_bzero(line, sizeof line);
    fclose(in);
    if (!ok || !magic || !shape || have_seed == have_secrets) {
        return cz_fail(CZ_ERR_BAD_PARAMS, f->why, f->why_len, "%s: not a setup state file",
                       f->state);
    }
    if (sh.num_inputs != f->shape->num_inputs || sh.num_aux != f->shape->num_aux ||
        sh.rows != f->shape->rows || sh.log_m != f->shape->log_m) {
        return cz_fail(CZ_ERR_BAD_PARAMS, f->why, f->why_len,
                       "%s: the interrupted run was for another circuit (%" PRIu32
                       " inputs, %" PRIu32 " aux, %" PRIu64 " rows)",
                       f->state, sh.num_inputs, sh.num_aux, sh.rows);
    }
    if (native != f->native) {
        return cz_fail(CZ_ERR_BAD_PARAMS, f->why, f->why_len,
                       "%s: the interrupted run wrote %s file", f->state,
                       native ? "a native" : "a bellperson");
    }
    if (have_seed != (f->seed != NULL) || (have_seed && seed != *f->seed)) {
        return cz_fail(CZ_ERR_BAD_PARAMS, f->why, f->why_len, "%s: the interrupted run used %s",
                       f->state,
                       have_seed ? "another insecure seed" : "secure secrets, not a seed");
    }
    *stored = have_secrets;
    return CZ_OK;
}

/* ---- the native layout ---- */

static cz_status cz_setup_native_count(cz_g16_writer *w, cz_g16_section s, size_t n)
{
    cz_native_writer *nw = &((cz_setup_native *)w)->nw;
    CZ_ASSERT((int)s == nw->laid); /* counts come in file order */
    return cz_native_writer_count(nw, n, NULL, 0);
}

static cz_status cz_setup_native_points(cz_g16_writer *w, cz_g16_section s, size_t first,
                                        const void *p, size_t n)
{
    return cz_native_write(&((cz_setup_native *)w)->nw, s, first, p, n, NULL, 0);
}

static cz_status cz_setup_native_vk(cz_g16_writer *w, const cz_groth16_vk *vk)
{
    cz_setup_native *nat = (cz_setup_native *)w;
    nat->vk = *vk;
    nat->vk.ic = NULL, nat->vk.n_ic = 0;
    return CZ_OK;
}

static cz_status cz_setup_native_sync(cz_g16_writer *w)
{
    return fdatasync(((cz_setup_native *)w)->nw.fd) == 0 ? CZ_OK : CZ_ERR_IO;
}

static const cz_g16_writer_ops cz_setup_native_ops = {cz_setup_native_count, cz_setup_native_points,
                                                      cz_setup_native_vk, cz_setup_native_sync};

/* ---- the checkpointing writer: the inner file writer, then a durable state ---- */

static cz_status cz_setup_file_count(cz_g16_writer *w, cz_g16_section s, size_t n)
{
    cz_setup_file *f = (cz_setup_file *)w;
    cz_g16_resumed *r = &w->resumed;
    if (r->counted[s]) { /* restored: the inner writer has it */
        if (r->count[s] == n)
            return CZ_OK;
        return cz_fail(CZ_ERR_BAD_PARAMS, f->why, f->why_len,
                       "%s: %s has %zu points, the interrupted run %zu", f->state,
                       cz_g16_section_name(s), n, r->count[s]);
    }
    CZ_TRY(f->inner->ops->count(f->inner, s, n));
    r->counted[s] = true;
    r->count[s] = n;
    r->done[s] = 0;
    return CZ_OK;
}

static cz_status cz_setup_file_points(cz_g16_writer *w, cz_g16_section s, size_t first,
                                      const void *p, size_t n)
{
    cz_setup_file *f = (cz_setup_file *)w;
    cz_g16_writer *in = f->inner;
    cz_status st = in->ops->points(in, s, first, p, n);
    if (st == CZ_OK)
        st = in->ops->sync(in);
    if (st != CZ_OK)
        return cz_setup_file_fail(f, st, "cannot write", f->partial);
    /* chunks come in order within a section */
    if (first + n > w->resumed.done[s])
        w->resumed.done[s] = first + n;
    return cz_setup_state_save(f);
}

static cz_status cz_setup_file_vk(cz_g16_writer *w, const cz_groth16_vk *vk)
{
    cz_setup_file *f = (cz_setup_file *)w;
    return f->inner->ops->vk(f->inner, vk);
}

static cz_status cz_setup_file_sync(cz_g16_writer *w)
{
    cz_setup_file *f = (cz_setup_file *)w;
    return f->inner->ops->sync(f->inner);
}

static const cz_g16_writer_ops cz_setup_file_ops = {cz_setup_file_count, cz_setup_file_points,
                                                    cz_setup_file_vk, cz_setup_file_sync};

/* The .vk: the .params's first section, copied. */
static cz_status cz_setup_file_vk_copy(cz_setup_file *f, int fd, const char *vk_path)
{
    uint64_t n = cz_g16_file_writer_end(&f->bell, CZ_G16_IC);
    uint8_t *b = cz_try_alloc(n);
    if (!b)
        return CZ_ERR_NOMEM;
    cz_status st = pread(fd, b, n, 0) == (ssize_t)n ? CZ_OK : CZ_ERR_IO;
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp", vk_path);
    int out = st == CZ_OK ? open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644) : -1;
    if (out < 0 || write(out, b, n) != (ssize_t)n || fsync(out) != 0)
        st = CZ_ERR_IO;
    if (out >= 0 && close(out) != 0)
        st = CZ_ERR_IO;
    if (st == CZ_OK && rename(tmp, vk_path) != 0)
        st = CZ_ERR_IO;
    if (st != CZ_OK) {
        unlink(tmp);
        cz_setup_file_fail(f, st, "cannot write", vk_path);
    }
    cz_free(b);
    return st;
}

/* A complete bellperson file: its size, durable, the .vk beside, renamed into place. */
static cz_status cz_setup_file_complete_bell(cz_setup_file *f, int fd, const char *params_path,
                                             const char *vk_path)
{
    uint64_t size = cz_g16_file_writer_end(&f->bell, CZ_G16_B_G2);
    if (ftruncate(fd, (off_t)size) != 0 || fdatasync(fd) != 0)
        return cz_setup_file_fail(f, CZ_ERR_IO, "cannot write", f->partial);
    CZ_TRY(cz_setup_file_vk_copy(f, fd, vk_path));
    if (rename(f->partial, params_path) != 0)
        return cz_setup_file_fail(f, CZ_ERR_IO, "cannot rename", f->partial);
    return CZ_OK;
}

/* A complete native file: the .vk (bellperson's, as the verifier and the network read it) from
 * the IC the file holds, then the header, which syncs and renames the file into place. */
static cz_status cz_setup_file_complete_native(cz_setup_file *f, const char *vk_path)
{
    cz_native_writer *nw = &f->nat.nw;
    cz_groth16_vk vk = f->nat.vk;
    vk.n_ic = (size_t)nw->hdr.count[CZ_G16_IC];
    vk.ic = cz_try_alloc(vk.n_ic * sizeof *vk.ic);
    if (!vk.ic)
        return CZ_ERR_NOMEM;
    size_t bytes = vk.n_ic * sizeof *vk.ic;
    cz_status st = pread(nw->fd, vk.ic, bytes, (off_t)nw->hdr.offset[CZ_G16_IC]) == (ssize_t)bytes
                       ? CZ_OK
                       : cz_setup_file_fail(f, CZ_ERR_IO, "cannot read", f->partial);
    if (st == CZ_OK && (st = cz_groth16_vk_write(&vk, vk_path)) != CZ_OK)
        cz_setup_file_fail(f, st, "cannot write", vk_path);
    if (st == CZ_OK)
        st = cz_native_writer_finish(nw, &vk, NULL, 0, f->why, f->why_len);
    cz_free(vk.ic);
    return st;
}

/* Removes the state; a secure run's secrets are overwritten first. */
static void cz_setup_state_remove(cz_setup_file *f)
{
    if (!f->seed) {
        int fd = open(f->state, O_WRONLY | O_CLOEXEC);
        if (fd >= 0) {
            char zero[2048] = {0};
            if (write(fd, zero, sizeof zero) == (ssize_t)sizeof zero)
                (void)fsync(fd);
            close(fd);
        }
    }
    unlink(f->state);
}

cz_status cz_groth16_setup_file(cz_synthesize_fn synth, void *ctx, const char *params_path,
                                const char *vk_path, const cz_groth16_file_opts *opts, char *why,
                                size_t why_len)
{
    cz_setup_file f;
    memset(&f, 0, sizeof f);
    f.w.ops = &cz_setup_file_ops;
    f.why = why, f.why_len = why_len;
    f.seed = opts->insecure_seed;
    f.native = opts->native;
    if (snprintf(f.partial, sizeof f.partial, "%s.partial", params_path) >= (int)sizeof f.partial ||
        snprintf(f.state, sizeof f.state, "%s.state", f.partial) >= (int)sizeof f.state)
        return CZ_ERR_INVALID_ARG;
    snprintf(f.tmp, sizeof f.tmp, "%s.tmp", f.state);

    cz_setup_shape shape;
    cz_setup_secrets secrets;
    CZ_TRY(cz_groth16_setup_shape(&shape, synth, ctx, why, why_len));
    f.shape = &shape;
    bool stored = false, resuming = false;
    cz_status st = CZ_ERR_NOT_FOUND;
    if (opts->resume && (st = cz_setup_state_load(&f, &secrets, &stored)) == CZ_OK)
        resuming = true;
    else if (st != CZ_ERR_NOT_FOUND)
        return st;
    if (!stored && (st = cz_groth16_setup_draw(&secrets, shape.log_m, f.seed)) != CZ_OK)
        return st;
    f.secrets = &secrets;

    int fd = resuming ? open(f.partial, O_RDWR | O_CLOEXEC) : -1;
    if (fd < 0 && resuming) { /* a state without its file (removed, or renamed when complete) */
        resuming = false;
        memset(&f.w.resumed, 0, sizeof f.w.resumed);
    }
    if (fd < 0)
        fd = open(f.partial, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) {
        explicit_bzero(&secrets, sizeof secrets);
        return cz_setup_file_fail(&f, CZ_ERR_IO, "cannot open", f.partial);
    }
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        close(fd);
        explicit_bzero(&secrets, sizeof secrets);
        return cz_fail(CZ_ERR_EXISTS, why, why_len, "%s: another setup is writing it", f.partial);
    }
    if (f.native) {
        f.nat.w.ops = &cz_setup_native_ops;
        st = cz_native_writer_init(&f.nat.nw, fd, f.partial, params_path, why, why_len);
        f.inner = &f.nat.w;
    } else {
        cz_g16_file_writer_init(&f.bell, fd, opts->pool);
        f.inner = &f.bell.w;
        st = CZ_OK;
    }
    /* the inner writer learns the restored counts, in file order */
    for (int s = 0; s < CZ_G16_SECTIONS && st == CZ_OK && f.w.resumed.counted[s]; s++)
        st = f.inner->ops->count(f.inner, (cz_g16_section)s, f.w.resumed.count[s]);
    if (st == CZ_OK && !resuming)
        st = cz_setup_state_save(&f);
    if (st == CZ_OK) {
        cz_setup_run run = {
            synth,      ctx,         &shape,         &secrets,           &f.w,
            opts->pool, opts->chunk, opts->progress, opts->progress_ctx, opts->cancel};
        st = cz_groth16_setup_write(&run);
    }
    explicit_bzero(&secrets, sizeof secrets);
    if (st == CZ_OK)
        st = f.native ? cz_setup_file_complete_native(&f, vk_path)
                      : cz_setup_file_complete_bell(&f, fd, params_path, vk_path);
    if (f.native)
        cz_native_writer_abort(&f.nat.nw); /* closes the file unless finish did; removes nothing */
    else {
        cz_g16_file_writer_free(&f.bell);
        close(fd);
    }
    if (st == CZ_OK || st == CZ_ERR_UNCONSTRAINED) {
        /* done, or a circuit that no run can set up: nothing to resume */
        if (st != CZ_OK)
            unlink(f.partial);
        cz_setup_state_remove(&f);
    }
    return st;
}
