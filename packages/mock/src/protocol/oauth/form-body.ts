import type { Refusal } from "./oauth-error.js";

const FORM_TYPE = "application/x-www-form-urlencoded";

/**
 * An `application/x-www-form-urlencoded` body, strictly: that media type (UTF-8 if a charset is
 * named), and no parameter more than once (RFC 6749 §3.2). Anything else is `invalid_request`.
 */
export async function readFormBody(
  request: Request,
): Promise<{ ok: true; params: Map<string, string> } | { ok: false; refusal: Refusal }> {
  const [mediaType, ...parameters] = (request.headers.get("content-type") ?? "").split(";");
  const charset = parameters
    .map((p) => p.trim().toLowerCase())
    .find((p) => p.startsWith("charset="))
    ?.slice("charset=".length)
    .replace(/"/g, "");
  if (mediaType?.trim().toLowerCase() !== FORM_TYPE || (charset && charset !== "utf-8")) {
    return refuse(`The body must be ${FORM_TYPE} (UTF-8).`);
  }
  const params = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(await request.text())) {
    if (params.has(name)) return refuse(`The parameter ${name} appears more than once.`);
    params.set(name, value);
  }
  return { ok: true, params };
}

const refuse = (description: string) => ({
  ok: false as const,
  refusal: { error: "invalid_request", description },
});
