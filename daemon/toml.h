/*
 * Reading a TOML file with Debian's libcpptoml (toml_cpptoml.cc, the only code that sees it):
 * the file's keys, flattened to (section, key) pairs with their type, value and line, for the
 * daemon's configuration (config.c) to check against what it knows.
 */
#ifndef CZ_DAEMON_TOML_H
#define CZ_DAEMON_TOML_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cuzk/cuzk.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum cz_toml_type {
    CZ_TOML_STRING,
    CZ_TOML_INT,
    CZ_TOML_FLOAT,
    CZ_TOML_BOOL,
    CZ_TOML_ARRAY, /* n_items items; ints[] holds them when all are integers (all_ints) */
    CZ_TOML_TABLE, /* a table nested deeper than [section] (not flattened further) */
    CZ_TOML_OTHER  /* a date or time */
} cz_toml_type;

/* One key. Strings are valid during the callback only. */
typedef struct cz_toml_entry {
    const char *section; /* "" for a key before any [section]; the table name otherwise */
    const char *key;     /* NULL for the section itself */
    cz_toml_type type;
    unsigned line; /* 1-based line where the key is defined; 0 when unknown */
    const char *str;
    int64_t i;
    double f;
    bool b;
    size_t n_items;
    bool all_ints;
    const int64_t *ints;
} cz_toml_entry;

typedef void (*cz_toml_fn)(void *user, const cz_toml_entry *e);

/*
 * Parses path and calls fn for every section (once, as an entry with key NULL and type
 * CZ_TOML_TABLE, before its keys), every key of every section, and every key before the first
 * section (section ""). Order: the file's (sections by their header, keys by their line). Errors: CZ_ERR_IO (cannot read the file)
 * and CZ_ERR_BAD_INPUT (not TOML), with why = "FILE:LINE: what" .
 */
cz_status cz_toml_read(const char *path, cz_toml_fn fn, void *user, char *why, size_t why_len);

#ifdef __cplusplus
}
#endif
#endif /* CZ_DAEMON_TOML_H */
