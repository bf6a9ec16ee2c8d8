#ifndef JIRI_CHIREDIS_SHIM_H
#define JIRI_CHIREDIS_SHIM_H
#include <hiredis/hiredis.h>
#include <hiredis/read.h>
#endif
