import { CredportConnectionError } from "@credport/core";
import { snapshotFromWire } from "./snapshot.js";
import {
  type EndpointConfig,
  errorFromResponse,
  type ReadResult,
  type StatusTarget,
  statusHeaders,
  statusUrl,
} from "./status-endpoint.js";

/**
 * Posts what the browser's Digital Credentials API `get()` resolved with, `{ protocol, data }`
 * unchanged, to `POST /v1/verifications/{id}/dc-api-response` with the client token and the
 * publishable key (the status read's auth): `{ data }` with the status then, or `{ error }`; never
 * throws. Straight to the service rather than through the app: see docs/security.md.
 */
export async function submitDcApiAnswer(
  config: EndpointConfig,
  target: StatusTarget,
  answer: { protocol: string; data: unknown },
): Promise<ReadResult> {
  try {
    const response = await config.fetch(statusUrl(config, target, "dc-api-response"), {
      method: "POST",
      headers: {
        accept: "application/json",
        "content-type": "application/json",
        ...statusHeaders(config, target),
      },
      // Named fields: a browser's DigitalCredential keeps them as getters, which JSON would drop.
      body: JSON.stringify({ protocol: answer.protocol, data: answer.data }),
    });
    if (response.ok)
      return { data: snapshotFromWire((await response.json()) as Record<string, unknown>) };
    return { error: await errorFromResponse(response, "DC API answer") };
  } catch (cause) {
    return {
      error: new CredportConnectionError("credport: the DC API answer did not reach the service.", {
        code: "connection_failed",
        cause,
      }),
    };
  }
}
