/* SCAFFOLD (see engine_stub.c): `cuzk daemon` and `cuzk client` over the engine stub, for the
 * daemon's tests until lib/engine implements include/cuzk/engine.h. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

int main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "daemon") == 0)
        return cz_cmd_daemon(argc - 2, argv + 2);
    if (argc >= 2 && strcmp(argv[1], "client") == 0)
        return cz_cmd_client(argc - 2, argv + 2);
    fprintf(stderr, "usage: cuzk_stubd daemon|client ...\n");
    return 2;
}
