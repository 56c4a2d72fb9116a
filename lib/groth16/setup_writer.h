/*
 * Where a setup puts the parameters it computes (internal): a sink that takes each section's
 * point count, then its points chunk by chunk, in any format. Setup (setup.c) drives it; the
 * writers are bellperson's .params at computed offsets (params_io.c), cuzk's native file
 * (setup_file.c over params_native.h), an in-memory parameter set (setup.c), and the
 * checkpointing wrapper that makes either file resumable (setup_file.c).
 *
 * Order of calls: vk and count(ic), count(h), count(l) first; count(a) once the A pass is done;
 * count(b_g1), count(b_g2) after the B pass; a section's points only after its count, and the
 * counts in file order (a writer may need the sizes of every section before one to place it).
 * Points come in chunks, each chunk's first index given; a resumed run starts where `resumed`
 * says and may skip a section whose count it never computes again (then the wrapper has told
 * the inner writer that count itself).
 */
#ifndef CZ_SETUP_WRITER_H
#define CZ_SETUP_WRITER_H

#include "groth16.h"
#include "params_layout.h"

typedef struct cz_g16_writer cz_g16_writer;

typedef struct cz_g16_writer_ops {
    cz_status (*count)(cz_g16_writer *w, cz_g16_section s, size_t n);
    /* points [first, first + n) of s: cz_g1_affine, or cz_g2_affine for b_g2 */
    cz_status (*points)(cz_g16_writer *w, cz_g16_section s, size_t first, const void *p, size_t n);
    /* the six verifying-key points (vk->ic is not read: IC is a section) */
    cz_status (*vk)(cz_g16_writer *w, const cz_groth16_vk *vk);
    /* everything so far durable (a checkpoint may record it next) */
    cz_status (*sync)(cz_g16_writer *w);
} cz_g16_writer_ops;

/* What an interrupted run already wrote: a section whose count was recorded, and how many of
 * its points (from the first, in order). Zero for a fresh run. */
typedef struct cz_g16_resumed {
    bool counted[CZ_G16_SECTIONS];
    size_t count[CZ_G16_SECTIONS], done[CZ_G16_SECTIONS];
} cz_g16_resumed;

struct cz_g16_writer {
    const cz_g16_writer_ops *ops;
    cz_g16_resumed resumed; /* read by setup before it starts */
};

/* Whether section s is written whole. */
static inline bool cz_g16_resumed_complete(const cz_g16_resumed *r, cz_g16_section s)
{
    return r->counted[s] && r->done[s] == r->count[s];
}

#endif /* CZ_SETUP_WRITER_H */
