/* Shared helpers of the cuzk program's commands (program side: include/ only). */
#ifndef CZ_CLI_H
#define CZ_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cuzk/cuzk.h"

int cz_cmd_demo(int argc, char **argv);
int cz_cmd_setup(int argc, char **argv);
int cz_cmd_prove(int argc, char **argv);
int cz_cmd_verify(int argc, char **argv);
int cz_cmd_params(int argc, char **argv);
/* The circom/snarkjs forms of prove and verify (cmd_circom.c). */
int cz_cmd_prove_zkey(int argc, char **argv);
int cz_cmd_verify_snarkjs(int argc, char **argv);
int cz_cmd_export_vk(int argc, char **argv);

/* Prints "cuzk CMD: WHAT: <status>[: why]" to stderr ("cuzk CMD: why (<status>)" when why starts
 * with WHAT, a file name); returns 1. */
int cz_cli_fail(const char *cmd, const char *what, cz_status st, const char *why);

/* "--name=value" or "--name value": returns the value and advances *i, or NULL. */
const char *cz_cli_opt(int argc, char **argv, int *i, const char *name);
/* A pool of threads − 1 workers (the caller takes part); NULL for one thread. Exits on error. */
cz_pool *cz_cli_pool(unsigned threads);
/* Parses a positive integer option value or exits with a message naming the option. */
unsigned long cz_cli_uint(const char *value, const char *name, unsigned long max);
/* Reads a whole file; NULL with a message on failure. */
uint8_t *cz_cli_read_file(const char *path, size_t *len);
bool cz_cli_write_file(const char *path, const void *data, size_t len);
double cz_cli_seconds(void);
/* The index of the first public input (32 bytes, little-endian) that is not below r; n if none. */
size_t cz_cli_first_non_canonical(const uint8_t (*inputs)[32], size_t n);

#endif /* CZ_CLI_H */
