import { ModelError } from "../model/infrastructure/errors.js";
import type { FaultRule } from "../model/infrastructure/faults.js";
import { errorReply } from "./responses.js";
import type { Reply } from "./route.js";

/** The answer an injected fault gives before the request is applied, if it is that kind. */
export function faultAnswer(fault: FaultRule): Reply | undefined {
  switch (fault.kind) {
    case "server_error":
      return errorReply(new ModelError(500, "internal_error", "Injected fault: internal error."));
    case "service_unavailable":
      return errorReply(
        new ModelError(503, "service_unavailable", "Injected fault: service unavailable."),
      );
    case "rate_limited":
      return errorReply(
        new ModelError(429, "rate_limited", "Too many requests; retry later.", undefined, {
          "retry-after": String(fault.retryAfterSeconds ?? 1),
        }),
      );
    case "bad_gateway_html":
      // What a proxy in front of the service answers: not JSON at all.
      return {
        status: 502,
        headers: { "content-type": "text/html" },
        body: "<html><body>502 Bad Gateway</body></html>",
      };
    default:
      return undefined;
  }
}
