"""Schemathesis hooks for fuzzing Jiri (loaded by deploy/fuzz/run.sh).

An idempotency key names one request: sent again with a different body it is
answered 422 by design (the idempotency-key draft's "key reused"). The fuzzer
draws keys from a small space ("0", "00", ...) and would reuse them across
unrelated bodies, so every well-formed key gets a fresh value just before the
request is sent. Malformed keys are left alone: the server must reject them.
"""

import re
import uuid

import schemathesis

WELL_FORMED_KEY = re.compile(r"[!-~]{1,128}")


def _fresh(value):
    if isinstance(value, str) and WELL_FORMED_KEY.fullmatch(value):
        return "fuzz-" + uuid.uuid4().hex
    return value


@schemathesis.hook
def before_call(context, case, kwargs):
    if case.headers:
        for name in list(case.headers):
            if name.lower() == "idempotency-key":
                case.headers[name] = _fresh(case.headers[name])
    if isinstance(case.body, dict) and "turn_id" in case.body:
        case.body["turn_id"] = _fresh(case.body["turn_id"])
