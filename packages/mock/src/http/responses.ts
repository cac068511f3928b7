import { ModelError, validationError } from "../model/infrastructure/errors.js";
import { idSource } from "../model/infrastructure/ids.js";
import type { Reply, RouteContext } from "./route.js";

/** `req_` and 20 random base62 characters: the `X-Request-ID` of every answer. */
export const newRequestId = idSource("req_", 20);

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return jsonText(status, JSON.stringify(body), headers);
}

/** A JSON answer whose body is serialised already. */
export function jsonText(status: number, body: string, headers?: Record<string, string>): Reply {
  const all: Record<string, string> = { "content-type": "application/json; charset=utf-8" };
  if (headers) for (const name in headers) all[name] = headers[name]!;
  return { status, headers: all, body };
}

/** The error body of the service: `{ object: "error", code, message, details? }`. */
export function errorReply(error: ModelError): Reply {
  const body = {
    object: "error",
    code: error.code,
    message: error.message,
    ...(error.details ? { details: error.details } : {}),
  };
  return json(error.status, body, error.headers);
}

/** The request body as JSON; an empty body is `{}`, a malformed one 400 validation_error. */
export async function readJson(source: Pick<RouteContext, "body"> | Request): Promise<unknown> {
  const text = typeof source.body === "string" ? source.body : await (source as Request).text();
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw validationError("body: is not valid JSON", { field: "body" });
  }
}

/** A failure of the mock itself, answered without a word about its cause. */
export const internalError = () =>
  new ModelError(500, "internal_error", "The emulator failed to handle this request.");

export function toModelError(error: unknown): ModelError {
  return error instanceof ModelError ? error : internalError();
}
