// Everything is `static inline` in include/CPrefetch.h; SwiftPM needs one source file per C target.
#include "CPrefetch.h"
