import {
  CredportConnectionError,
  type CredportError,
  errorFromStatus,
  parseRetryAfter,
} from "@credport/core";
import { type StatusSnapshot, snapshotFromWire } from "./snapshot.js";

export interface StatusTarget {
  verificationId: string;
  clientToken: string;
}

export interface EndpointConfig {
  baseUrl: string;
  publishableKey: string;
  fetch: typeof fetch;
}

/** Browser auth for status and realtime reads: the client token and the publishable key, never a secret key. */
export function statusHeaders(
  config: EndpointConfig,
  target: StatusTarget,
): Record<string, string> {
  return {
    ...(target.clientToken ? { authorization: `Bearer ${target.clientToken}` } : {}),
    "x-publishable-key": config.publishableKey,
  };
}

export const statusUrl = (
  config: EndpointConfig,
  target: StatusTarget,
  leaf: "status" | "events" | "dc-api-response",
) => `${config.baseUrl}/v1/verifications/${encodeURIComponent(target.verificationId)}/${leaf}`;

/** An error answer as its class (missing_token, invalid_token and key_mismatch have their own). */
export async function errorFromResponse(
  response: Response,
  operation: string,
): Promise<CredportError> {
  return errorFromStatus(response.status, await response.json().catch(() => undefined), {
    operation,
    requestId: response.headers.get("x-request-id") ?? undefined,
    retryAfterSeconds: parseRetryAfter(response.headers.get("retry-after")),
  });
}

export type ReadResult =
  | { data: StatusSnapshot; error?: undefined }
  | { data?: undefined; error: CredportError; retryAfterMs?: number };

/** One status read; never throws. */
export async function readStatusOnce(
  config: EndpointConfig,
  target: StatusTarget,
  signal?: AbortSignal,
): Promise<ReadResult> {
  try {
    const response = await config.fetch(statusUrl(config, target, "status"), {
      headers: { accept: "application/json", ...statusHeaders(config, target) },
      // `null` is Fetch's own "no signal" (its types refuse `undefined`), and the smaller bundle.
      signal: signal ?? null,
    });
    if (response.ok)
      return { data: snapshotFromWire((await response.json()) as Record<string, unknown>) };
    const retryAfterSeconds = parseRetryAfter(response.headers.get("retry-after"));
    return {
      error: await errorFromResponse(response, "status read"),
      ...(retryAfterSeconds !== undefined ? { retryAfterMs: retryAfterSeconds * 1000 } : {}),
    };
  } catch (cause) {
    return {
      error: new CredportConnectionError("credport: the status read did not reach the service.", {
        code: "connection_failed",
        cause,
      }),
    };
  }
}

/**
 * Errors after which reading again cannot help: 401 (missing_token, invalid_token), 403
 * (key_mismatch) and 404.
 */
export const isFatal = (error: CredportError) =>
  error.status === 401 || error.status === 403 || error.status === 404;
