import type { IncomingMessage } from "node:http";
import type { ResolvedLogger } from "@credport/core";

/**
 * Whether a body parser ran before our routes: it set `req.body` (body-parser 1 sets `{}` even on
 * requests it skips), flagged `_body`, or read the stream to its end. The routes need the raw bytes
 * — a webhook signature is over them — and rebuilding them from a parsed `req.body` would break it.
 */
export function bodyAlreadyRead(
  req: IncomingMessage & { body?: unknown; _body?: unknown },
): boolean {
  return req.body !== undefined || req._body === true || req.readableEnded;
}

/** The loud answer for {@link bodyAlreadyRead}: a 500 naming the fix, also in the server log. */
export function bodyAlreadyReadResponse(label: string, fix: string, log: ResolvedLogger): Response {
  const message = `${label}: a body parser read the request body before the Credport routes. ${fix} The routes need the raw bytes (webhook signatures are over them), and a parsed body cannot be turned back into them.`;
  log.error(message);
  return Response.json(
    { code: "body_already_read", message },
    { status: 500, headers: { "cache-control": "no-store" } },
  );
}
