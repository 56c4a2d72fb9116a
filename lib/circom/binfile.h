/*
 * iden3's binary container (internal): the common frame of .r1cs, .wtns and .zkey files.
 *   magic (4 bytes, e.g. "zkey") ‖ version u32 ‖ section count u32 ‖ sections,
 *   each section: type u32 ‖ size u64 ‖ size bytes.
 * Little-endian throughout. The file is mapped; sections are located once, by type.
 */
#ifndef CZ_BINFILE_H
#define CZ_BINFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mapfile.h"

#define CZ_BINFILE_MAX_SECTIONS 32 /* types above this are not ours and are skipped */

typedef struct cz_binfile {
    cz_mapfile map;
    const char *path; /* borrowed, for messages */
    uint32_t version;
    /* offset (of the data) and size of each section type; offset 0 = absent */
    uint64_t offset[CZ_BINFILE_MAX_SECTIONS + 1], size[CZ_BINFILE_MAX_SECTIONS + 1];
    char *why; /* borrowed: where errors are described */
    size_t why_len;
    bool borrowed; /* map is the caller's memory (cz_binfile_open_mem), not a mapping */
} cz_binfile;

/* Maps path and indexes its sections. CZ_ERR_IO if it cannot be read; CZ_ERR_BAD_PARAMS (with
 * the reason in why) for a wrong magic, a version above max_version, a repeated section or a
 * section running past the end of the file. */
cz_status cz_binfile_open(cz_binfile *f, const char *path, const char magic[4],
                          uint32_t max_version, char *why, size_t why_len);
/* The same over bytes in memory (borrowed until close); name stands for the path in messages. */
cz_status cz_binfile_open_mem(cz_binfile *f, const char *name, const uint8_t *data, size_t size,
                              const char magic[4], uint32_t max_version, char *why, size_t why_len);
void cz_binfile_close(cz_binfile *f); /* accepts a zeroed struct */

/* Records a formatted error naming the file, and returns CZ_ERR_BAD_PARAMS. */
cz_status cz_binfile_fail(const cz_binfile *f, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* A bounded cursor over one section: reads past its end fail with the section and offset. */
typedef struct cz_binsection {
    const cz_binfile *file;
    const char *name; /* e.g. "section 2 (header)" */
    const uint8_t *data;
    uint64_t size, pos;
} cz_binsection;

/* The section of type id (required: a missing one is an error naming it). */
cz_status cz_binfile_section(const cz_binfile *f, cz_binsection *s, uint32_t id, const char *name);
/* Whether section id is present. */
bool cz_binfile_has(const cz_binfile *f, uint32_t id);

/* n bytes at the cursor (and advances), or an error "truncated". */
cz_status cz_binsection_bytes(cz_binsection *s, const uint8_t **out, uint64_t n, const char *what);
cz_status cz_binsection_u32(cz_binsection *s, uint32_t *out, const char *what);
cz_status cz_binsection_u64(cz_binsection *s, uint64_t *out, const char *what);
/* Fails unless the cursor is at the section's end (a size that does not match its contents). */
cz_status cz_binsection_end(const cz_binsection *s);
/* The file offset of the cursor, for messages. */
uint64_t cz_binsection_offset(const cz_binsection *s);

/* A prime field's declaration in a header: n8 (u32, the byte length) then the prime (n8 bytes
 * LE). Fails unless it is modulus (nlimbs 64-bit limbs), named field_name in the message. */
cz_status cz_binsection_prime(cz_binsection *s, const uint64_t *modulus, size_t nlimbs,
                              const char *field_name);

#endif /* CZ_BINFILE_H */
