import {
  type CredportTelemetry,
  OPERATION_ROUTES,
  SPAN_KIND,
  SPAN_STATUS_ERROR,
  tracerFor,
} from "@credport/core";
import type { ServedRequest } from "./node-transport.js";

/**
 * The wallet-facing protocol endpoints, each a step of OpenID4VP, OpenID4VCI or the Digital
 * Credentials API hand-over, by method and path (IDs and issuer names matched, never kept).
 */
const PROTOCOL_STEPS: [method: string, path: RegExp, route: string, step: string][] = [
  ["GET", /^\/oid4vp\/requests\/[^/]+$/, "/oid4vp/requests/{id}", "oid4vp.request_fetched"],
  ["POST", /^\/oid4vp\/requests\/[^/]+$/, "/oid4vp/requests/{id}", "oid4vp.request_fetched"],
  ["POST", /^\/oid4vp\/responses\/[^/]+$/, "/oid4vp/responses/{id}", "oid4vp.response_received"],
  ["GET", /^\/oid4vci\/offers\/[^/]+$/, "/oid4vci/offers/{id}", "oid4vci.offer_fetched"],
  ["POST", /^\/oid4vci\/issuers\/[^/]+\/par$/, "/oid4vci/issuers/{issuer}/par", "oid4vci.par"],
  [
    "GET",
    /^\/oid4vci\/issuers\/[^/]+\/authorize$/,
    "/oid4vci/issuers/{issuer}/authorize",
    "oid4vci.authorize",
  ],
  [
    "POST",
    /^\/oid4vci\/issuers\/[^/]+\/token$/,
    "/oid4vci/issuers/{issuer}/token",
    "oid4vci.token",
  ],
  [
    "POST",
    /^\/oid4vci\/issuers\/[^/]+\/nonce$/,
    "/oid4vci/issuers/{issuer}/nonce",
    "oid4vci.nonce",
  ],
  [
    "POST",
    /^\/oid4vci\/issuers\/[^/]+\/credential$/,
    "/oid4vci/issuers/{issuer}/credential",
    "oid4vci.credential",
  ],
  [
    "GET",
    /^\/oid4vci\/issuers\/[^/]+\/status-list$/,
    "/oid4vci/issuers/{issuer}/status-list",
    "oid4vci.status_list",
  ],
];

/** The REST operations, by method and path template turned into a pattern. */
const OPERATIONS = Object.entries(OPERATION_ROUTES).map(([id, route]) => ({
  id,
  method: route.method as string,
  route: route.path,
  pattern: new RegExp(`^${route.path.replace(/\{\w+\}/g, "[^/]+")}$`),
}));

/** A served request's name and route template, or `undefined` for what is neither (pages, control). */
function stepOf(
  method: string,
  path: string,
): { name: string; route: string; step?: string } | undefined {
  for (const [m, pattern, route, step] of PROTOCOL_STEPS)
    if (m === method && pattern.test(path)) return { name: step, route, step };
  for (const operation of OPERATIONS)
    if (operation.method === method && operation.pattern.test(path))
      return { name: operation.id, route: operation.route };
  return undefined;
}

/**
 * Reports each served protocol step and API operation as a SERVER span of its own, timed from its
 * arrival to its answer: the route template, method and status, never the query, a header or a body.
 */
export function protocolSpans(
  telemetry: CredportTelemetry | undefined,
): ((served: ServedRequest) => void) | undefined {
  const tracer = tracerFor(telemetry, "@credport/emulator");
  if (!tracer) return undefined;
  return (served) => {
    const query = served.target.indexOf("?");
    const path = query === -1 ? served.target : served.target.slice(0, query);
    const step = stepOf(served.method, path);
    if (!step) return;
    const span = tracer.startSpan(step.name, {
      kind: SPAN_KIND.server,
      startTime: served.startedAt,
      attributes: {
        "http.request.method": served.method,
        "http.route": step.route,
        "credport.protocol_step": step.step,
        "credport.request_id": served.requestId,
      },
    });
    if (served.replayed) span.addEvent("credport.idempotency.replayed");
    if (served.status === null) {
      span.setAttribute("error.type", "connection_dropped");
      span.setStatus({ code: SPAN_STATUS_ERROR, message: "connection_dropped" });
    } else {
      span.setAttribute("http.response.status_code", served.status);
      if (served.status >= 500) {
        span.setAttribute("error.type", String(served.status));
        span.setStatus({ code: SPAN_STATUS_ERROR, message: String(served.status) });
      }
    }
    span.end();
  };
}
