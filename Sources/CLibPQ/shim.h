#ifndef JIRI_CLIBPQ_SHIM_H
#define JIRI_CLIBPQ_SHIM_H
#include <postgresql/libpq-fe.h>

/* libpq's PG_DIAG_* codes are char macros that Swift cannot import. */
static const int JIRI_PG_DIAG_SQLSTATE = 'C';
static const int JIRI_PG_DIAG_MESSAGE_PRIMARY = 'M';
static const int JIRI_PG_DIAG_MESSAGE_DETAIL = 'D';
static const int JIRI_PG_DIAG_MESSAGE_HINT = 'H';
static const int JIRI_PG_DIAG_SEVERITY = 'S';
#endif
