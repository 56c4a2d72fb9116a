/* The engine's event callback for the cgo consumer: a C function (cgo cannot take the address
 * of an exported Go function in the preamble of the file that exports it) that hands each event
 * to Go. */
#include "_cgo_export.h"

static void cz_go_on_event(void *user, const cz_job_event *ev)
{
    goOnEvent(user, (cz_job_event *)ev);
}

void cz_go_config_events(cz_engine_config *cfg, void *user)
{
    cfg->on_event = cz_go_on_event;
    cfg->user = user;
}
