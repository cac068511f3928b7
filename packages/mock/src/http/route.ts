/**
 * One HTTP route of the mock service. The router serves the same list of routes to msw (Fetch
 * requests) and to the emulator (node:http), so the two cannot drift.
 */
export interface RouteContext<TModel = unknown> {
  /** The request method, e.g. `GET`. */
  method: string;
  /** A request header (the name in any case), or `null`. */
  header(name: string): string | null;
  /** The request body as text (`""` for none), read before the route runs. */
  body: string;
  /** The full request URL (built on first use). */
  readonly url: URL;
  /** Values of `:name` segments in the route pattern, already URI-decoded. */
  params: Record<string, string>;
  /** Origin (and path prefix, if any) under which the service is reached, without a trailing slash. */
  baseUrl: string;
  model: TModel;
  /** Set when this server also serves the test wallet page (the emulator does, msw handlers do not). */
  servesTestWallet: boolean;
  /** Aborted when the client goes away. */
  readonly signal: AbortSignal;
  /**
   * The request as a Fetch `Request`, for routes that need more than the above. Over node:http it
   * is built on first use, which costs more than everything else a route does: prefer the fields above.
   */
  readonly request: Request;
}

/**
 * Text sent as it comes, e.g. Server-Sent Events. The transport calls `open` once with where to
 * write; `open` returns the function the transport calls when the client goes away.
 */
export interface EventStream {
  open(sink: { write(text: string): void; end(): void }): () => void;
  /** Called instead of `open` when the answer is never sent (e.g. an injected dropped connection). */
  discard(): void;
}

/** What a route answers, written by either transport without building a Fetch `Response`. */
export interface Reply {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** Text, a stream, or nothing. */
  body?: string | EventStream;
}

/** What a route may answer. */
export type Answer = Reply | Response;

export interface Route<TModel = unknown> {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** Path relative to the base URL, with `:name` segments, e.g. `/v1/verifications/:id/status`. */
  pattern: string;
  /** A {@link Reply} (the built-in routes' answer), or any Fetch `Response`. */
  handle(context: RouteContext<TModel>): Answer | Promise<Answer>;
}
