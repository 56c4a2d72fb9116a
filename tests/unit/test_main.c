#include <stddef.h>

#include "cz_test.h"

#define CZ_TEST_MODULE_ENTRY(name, labels) extern const cz_test_module cz_test_module_##name;
#include "test_modules.def"
#undef CZ_TEST_MODULE_ENTRY

static const cz_test_module *const cz_all_modules[] = {
#define CZ_TEST_MODULE_ENTRY(name, labels) &cz_test_module_##name,
#include "test_modules.def"
#undef CZ_TEST_MODULE_ENTRY
};

int main(int argc, char **argv)
{
    return cz_test_main(argc, argv, cz_all_modules, sizeof cz_all_modules / sizeof *cz_all_modules);
}
