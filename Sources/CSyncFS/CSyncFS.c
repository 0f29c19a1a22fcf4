// Everything is `static inline` in include/CSyncFS.h; SwiftPM needs one source file per C target.
#include "CSyncFS.h"
