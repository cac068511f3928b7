import {
  type CredportTelemetry,
  inSpan,
  meterFor,
  SPAN_KIND,
  SPAN_STATUS_ERROR,
  type TelemetryAttributes,
  type TelemetryCounter,
  type TelemetryHistogram,
  type TelemetrySpan,
  type TelemetryTracer,
  tracerFor,
} from "@credport/core";
import type { ProtectOutcome, RouteNote } from "./session-observer.js";

/** The session helper's tracer and instruments; each `undefined` without its provider. */
export interface SessionInstruments {
  tracer: TelemetryTracer | undefined;
  started: TelemetryCounter | undefined;
  verified: TelemetryCounter | undefined;
  failed: TelemetryCounter | undefined;
  finalizeDuration: TelemetryHistogram | undefined;
}

/** The instruments, made once per app. */
export function sessionInstruments(telemetry: CredportTelemetry): SessionInstruments {
  const meter = meterFor(telemetry, "@credport/session");
  return {
    tracer: tracerFor(telemetry, "@credport/session"),
    started: meter?.createCounter("credport.verifications.started", {
      description: "Verifications started through the session routes.",
      unit: "{verification}",
    }),
    verified: meter?.createCounter("credport.verifications.verified", {
      description: "Verifications that ended verified and gave a session.",
      unit: "{verification}",
    }),
    failed: meter?.createCounter("credport.verifications.failed", {
      description: "Verifications that ended failed, by credport.failure_code.",
      unit: "{verification}",
    }),
    finalizeDuration: meter?.createHistogram("credport.session.finalize.duration", {
      description:
        "Time to answer a finalize (POST session), the service's signed result included.",
      unit: "s",
    }),
  };
}

/** The attributes a note gives a span (and the finalize histogram). */
function noteAttributes(note: RouteNote): TelemetryAttributes {
  return {
    "credport.outcome": note.outcome,
    "credport.policy_id": note.policyId,
    "credport.failure_code": note.failureCode,
    "error.type": note.errorCode,
  };
}

function setAll(span: TelemetrySpan, attributes: TelemetryAttributes): void {
  for (const [key, value] of Object.entries(attributes))
    if (value !== undefined) span.setAttribute(key, value);
}

/**
 * Runs one route (`start`, `finalize`, `webhook`, `status`, `session`, `sign_out`) in an INTERNAL
 * span `credport.session.<route>`, with its status code, outcome, policy and failure code; times
 * finalize. Without telemetry, the route runs as is.
 */
export function observeRoute(
  telemetry: SessionInstruments,
  route: string,
  run: (note: RouteNote) => Promise<Response>,
): Promise<Response> {
  const note: RouteNote = {};
  if (!telemetry.tracer && !(route === "finalize" && telemetry.finalizeDuration)) return run(note);
  const started = performance.now();
  return inSpan(
    telemetry.tracer,
    `credport.session.${route}`,
    { kind: SPAN_KIND.internal, attributes: { "credport.route": route } },
    async (span) => {
      const response = await run(note);
      note.outcome ??= response.status < 400 ? "ok" : response.status < 500 ? "refused" : "error";
      const attributes = noteAttributes(note);
      if (span) {
        setAll(span, { ...attributes, "http.response.status_code": response.status });
        if (response.status >= 500)
          span.setStatus({ code: SPAN_STATUS_ERROR, message: note.errorCode ?? "error" });
      }
      if (route === "finalize")
        telemetry.finalizeDuration?.record((performance.now() - started) / 1000, {
          "credport.outcome": note.outcome,
          "credport.policy_id": note.policyId,
        });
      return response;
    },
  );
}

/**
 * The wall's check (`credport.session.protect`): `allowed` with the session's policy,
 * `redirected` (307 to the sign-in page) or `refused` (401).
 */
export function observeProtect<T extends ProtectOutcome>(
  tracer: TelemetryTracer | undefined,
  run: () => Promise<T>,
): Promise<T> {
  if (!tracer) return run();
  return inSpan(
    tracer,
    "credport.session.protect",
    { kind: SPAN_KIND.internal, attributes: { "credport.route": "protect" } },
    async (span) => {
      const result = await run();
      if (span) {
        const { session, refusal } = result;
        setAll(span, {
          "credport.outcome": session
            ? "allowed"
            : refusal?.status === 307
              ? "redirected"
              : "refused",
          "credport.policy_id": session?.policyId,
          "http.response.status_code": refusal?.status,
        });
      }
      return result;
    },
  );
}
