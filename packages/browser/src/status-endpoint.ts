import { CredportError, errorFromStatus, parseRetryAfter } from "@credport/core";
import {
  CredportInvalidTokenError,
  CredportKeyMismatchError,
  CredportMissingTokenError,
} from "./errors.js";
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
  leaf: "status" | "events",
) => `${config.baseUrl}/v1/verifications/${encodeURIComponent(target.verificationId)}/${leaf}`;

/** The three browser-status errors get their own classes; everything else the core mapping. */
export async function errorFromResponse(
  response: Response,
  operation: string,
): Promise<CredportError> {
  const body = await response.json().catch(() => undefined);
  const code = (body as { code?: unknown } | undefined)?.code;
  const message = `credport: ${operation} failed (${String(code ?? response.status)}): ${(body as { message?: string } | undefined)?.message ?? ""}`;
  const options = {
    code: String(code),
    status: response.status,
    requestId: response.headers.get("x-request-id") ?? undefined,
  };
  if (code === "missing_token") return new CredportMissingTokenError(message, options);
  if (code === "invalid_token") return new CredportInvalidTokenError(message, options);
  if (code === "key_mismatch") return new CredportKeyMismatchError(message, options);
  return errorFromStatus(response.status, body, {
    operation,
    requestId: options.requestId,
    retryAfter: parseRetryAfter(response.headers.get("retry-after")),
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
      signal,
    });
    if (response.ok)
      return { data: snapshotFromWire((await response.json()) as Record<string, unknown>) };
    const retryAfter = parseRetryAfter(response.headers.get("retry-after"));
    return {
      error: await errorFromResponse(response, "status read"),
      ...(retryAfter !== undefined ? { retryAfterMs: retryAfter * 1000 } : {}),
    };
  } catch (cause) {
    return {
      error: new CredportError("credport: the status read did not reach the service.", {
        code: "connection_failed",
        cause,
      }),
    };
  }
}

/** Errors after which reading again cannot help. */
export const isFatal = (error: CredportError) =>
  error instanceof CredportMissingTokenError ||
  error instanceof CredportInvalidTokenError ||
  error instanceof CredportKeyMismatchError ||
  error.status === 401 ||
  error.status === 403 ||
  error.status === 404;
