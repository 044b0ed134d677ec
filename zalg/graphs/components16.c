/* The components machine (components.h) on rows of int16: frontiers of at most 15 slots
   (a separation mask's bits below the sign bit), weight sums and counts below 2^15. */
#include <stdint.h>

typedef int64_t i64;
typedef int16_t st;
#define FN(name) components16_##name
#include "components.h"
