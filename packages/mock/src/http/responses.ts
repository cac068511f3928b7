import { ModelError, validationError } from "../model/errors.js";
import { randomToken } from "../model/ids.js";

export const newRequestId = () => `req_${randomToken(20)}`;

export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

export function errorResponse(error: ModelError): Response {
  const body = {
    object: "error",
    code: error.code,
    message: error.message,
    ...(error.details ? { details: error.details } : {}),
  };
  return json(error.status, body, error.headers);
}

/** The request body as JSON; an empty or malformed body is 400 validation_error. */
export async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw validationError("body: is not valid JSON");
  }
}

export function toModelError(error: unknown): ModelError {
  if (error instanceof ModelError) return error;
  return new ModelError(500, "internal_error", "The emulator failed to handle this request.");
}
