#ifndef HOMETOWN_CGEOS_SHIM_H
#define HOMETOWN_CGEOS_SHIM_H
/* Only the re-entrant (_r) API: every call takes its own context handle. */
#define GEOS_USE_ONLY_R_API
#include <geos_c.h>
#endif
