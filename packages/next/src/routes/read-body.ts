import { RouteError } from "./route-error.js";

/** Larger bodies are refused: nothing the helper receives comes near it. */
export const MAX_BODY_BYTES = 64 * 1024;

const tooLarge = () =>
  new RouteError(
    413,
    "PAYLOAD_TOO_LARGE",
    `credport/next: request bodies are limited to ${MAX_BODY_BYTES} bytes.`,
  );

/**
 * The body as text, refusing it by its Content-Length before reading, and stopping as soon as a
 * body without one (chunked) passes the cap.
 */
export async function readCappedText(request: Request, max = MAX_BODY_BYTES): Promise<string> {
  const declared = request.headers.get("content-length");
  if (declared !== null && !(Number(declared) <= max)) throw tooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** A JSON object body (after the cap), or a 400 naming `body`. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const text = await readCappedText(request);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw RouteError.validation("body", "must be a JSON object");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw RouteError.validation("body", "must be a JSON object");
  return value as Record<string, unknown>;
}
