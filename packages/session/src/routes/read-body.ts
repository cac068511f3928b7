import { BODY_TOO_LARGE, readBodyCapped } from "@credport/core/pipeline";
import { RouteError } from "./route-error.js";

/** Larger bodies are refused: nothing the helper receives comes near it. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * The body as text, refused by its Content-Length before reading, and as soon as a body without
 * one (chunked) passes the cap: the capped reader the server client uses for responses.
 */
export async function readCappedText(request: Request, max = MAX_BODY_BYTES): Promise<string> {
  const text = await readBodyCapped(request, max);
  if (text === BODY_TOO_LARGE)
    throw new RouteError(
      413,
      "request_too_large",
      `credport/session: request bodies are limited to ${max} bytes.`,
    );
  return text;
}

/** A JSON body (after the cap), or a 400 naming `body`; its shape is the caller's to check. */
export async function readJson(request: Request): Promise<unknown> {
  const text = await readCappedText(request);
  try {
    return JSON.parse(text);
  } catch {
    throw RouteError.validation("body", "must be a JSON object");
  }
}
