/* The components machine (components.h) on rows of int32. */
#include <stdint.h>

typedef int64_t i64;
typedef int32_t st;
#define FN(name) components_##name
#include "components.h"
