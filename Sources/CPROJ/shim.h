#ifndef HOMETOWN_CPROJ_SHIM_H
#define HOMETOWN_CPROJ_SHIM_H
#include <proj.h>
#include <geodesic.h>
#endif
