/**
 * One HTTP route of the mock service. The router, the msw handlers and the emulator all serve the
 * same list of routes, so the three cannot drift.
 */
export interface RouteContext<TModel = unknown> {
  request: Request;
  url: URL;
  /** Values of `:name` segments in the route pattern, already URI-decoded. */
  params: Record<string, string>;
  /** Origin (and path prefix, if any) under which the service is reached, without a trailing slash. */
  baseUrl: string;
  model: TModel;
  /** Set when this server also serves the test wallet page (the emulator does, msw handlers do not). */
  servesTestWallet?: boolean;
}

export interface Route<TModel = unknown> {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** Path relative to the base URL, with `:name` segments, e.g. `/v1/verifications/:id/status`. */
  pattern: string;
  handle(context: RouteContext<TModel>): Response | Promise<Response>;
}
