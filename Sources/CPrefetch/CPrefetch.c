// The module's only function is the inline one in include/CPrefetch.h; SwiftPM needs a source file.
#include "CPrefetch.h"
