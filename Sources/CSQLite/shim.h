#ifndef HOMETOWN_CSQLITE_SHIM_H
#define HOMETOWN_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
