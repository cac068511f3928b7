// The hooks the session helper calls for spans, metrics and log lines. The helper knows none of
// them: `createTelemetry` from `@credport/session/telemetry` makes them, so that an app without it
// bundles no span or metric code, and a request without it runs through no observer.

import type { TelemetryAttributes } from "@credport/core";
import type { ClientTelemetry } from "@credport/server";

/**
 * What a route found out while answering, for its span and metrics: IDs of policies and codes
 * from fixed vocabularies only, never a claim, token or cookie.
 */
export interface RouteNote {
  policyId?: string | undefined;
  /** What happened, in a word of the route's own (`started`, `verified`, `failed`, …). */
  outcome?: string | undefined;
  /** The verification's failure code, when it failed. */
  failureCode?: string | undefined;
  /** The code of the error the route answered with. */
  errorCode?: string | undefined;
}

/** What the wall's check answers, as its span reads it. */
export interface ProtectOutcome {
  session: { policyId: string } | null;
  refusal?: Response | undefined;
}

/** The counters a session's verifications move. */
export type VerificationCount = "started" | "verified" | "failed";

/**
 * What the session helper's `telemetry` option takes: made by `createTelemetry` from
 * `@credport/session/telemetry` (the server client's calls are observed through it too), never
 * written by hand.
 */
export interface SessionTelemetry extends ClientTelemetry {
  /** Runs one route (`start`, `finalize`, `webhook`, `status`, `session`, `sign_out`). */
  observeRoute(route: string, run: (note: RouteNote) => Promise<Response>): Promise<Response>;
  /** Runs the wall's check. */
  observeProtect<T extends ProtectOutcome>(run: () => Promise<T>): Promise<T>;
  /** Counts a verification started, verified or failed. */
  count(counter: VerificationCount, attributes: TelemetryAttributes): void;
}

/** Whether a value is a {@link SessionTelemetry} (what `createTelemetry` made). */
export function isSessionTelemetry(value: unknown): value is SessionTelemetry {
  const telemetry = value as Partial<SessionTelemetry> | null;
  return (
    typeof telemetry?.observeClient === "function" &&
    typeof telemetry.observeRoute === "function" &&
    typeof telemetry.observeProtect === "function" &&
    typeof telemetry.count === "function"
  );
}
