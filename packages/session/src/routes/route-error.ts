/** A refusal with its HTTP status and the `{ code, message, details? }` body the browser flow reads. */
export class RouteError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }

  /** 400 `validation_error` naming the field, as the service and the server client do. */
  static validation(field: string, rule: string): RouteError {
    return new RouteError(400, "validation_error", `credport/session: ${field} ${rule}.`, {
      field,
    });
  }

  static bindingRequired(): RouteError {
    return new RouteError(
      403,
      "VERIFICATION_BINDING_REQUIRED",
      "This browser did not start this verification, or its binding expired.",
    );
  }

  /**
   * Names the origins accepted, so that a misconfigured host or proxy is found from the message;
   * `localProxy` when a browser on this machine came through a proxy that rewrote `Host`.
   */
  static crossSite(allowedOrigins: string[], localProxy = false): RouteError {
    const hint = localProxy
      ? ' A development proxy that rewrites Host causes this (Vite\'s proxy shorthand "/api": "http://localhost:3001" is changeOrigin: true): keep the browser\'s Host with changeOrigin: false, or set allowedOrigins to the dev server\'s origin.'
      : " Behind a proxy, set allowedOrigins to the public origin.";
    return new RouteError(
      403,
      "cross_site_request",
      `Cross-site requests are refused: the request must come from ${allowedOrigins.join(", ")} (its Origin and Sec-Fetch-Site headers).${hint}`,
      { allowedOrigins },
    );
  }
}

export function jsonResponse(status: number, body: unknown, cookies: string[] = []): Response {
  const headers = new Headers({ "content-type": "application/json", "cache-control": "no-store" });
  for (const cookie of cookies) headers.append("set-cookie", cookie);
  return new Response(JSON.stringify(body), { status, headers });
}

export const errorResponse = (error: RouteError) => {
  const response = jsonResponse(error.status, {
    code: error.code,
    message: error.message,
    ...(error.details ? { details: error.details } : {}),
  });
  // A refused upload is left unread: closing the connection after the answer keeps Node's server
  // (and others) from reading the rest of it to reuse the connection.
  if (error.status === 413) response.headers.set("connection", "close");
  return response;
};
