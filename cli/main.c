#include "cuzk/cuzk.h"
#include <stdio.h>
int main(void)
{
    printf("cuzk %s\n", cz_version_string());
    return 0;
}
