import { ModelError } from "../model/infrastructure/errors.js";
import type { RouteContext } from "./route.js";

/** One request as the router sees it, whichever transport carried it (Fetch or node:http). */
export interface Incoming {
  method: string;
  /** The full URL as received. */
  url: string;
  /** Path and query string as received, still percent-encoded. */
  target: string;
  /** A header (lower-case name), or `null`. */
  header(name: string): string | null;
  /** The body as text; more than `maxBytes` bytes is 413 request_too_large. */
  readBody(maxBytes: number): Promise<string>;
  /** Aborted when the client goes away. */
  readonly signal: AbortSignal;
  /** The request as a Fetch `Request` carrying `body` (which was read already). */
  toRequest(body: string): Request;
}

export const requestTooLarge = (maxBytes: number) =>
  new ModelError(
    413,
    "request_too_large",
    `body: larger than ${maxBytes} bytes; send a smaller request body`,
    { field: "body", max: maxBytes },
  );

/** What a route sees of an {@link Incoming}; the costly parts (URL, Fetch request) on first use. */
export class RequestContext<TModel> implements RouteContext<TModel> {
  private builtUrl?: URL;
  private builtRequest?: Request;

  constructor(
    private readonly incoming: Incoming,
    readonly body: string,
    readonly params: Record<string, string>,
    readonly baseUrl: string,
    readonly model: TModel,
    readonly servesTestWallet: boolean,
  ) {}

  get method(): string {
    return this.incoming.method;
  }

  header(name: string): string | null {
    return this.incoming.header(name.toLowerCase());
  }

  get url(): URL {
    this.builtUrl ??= new URL(this.incoming.url);
    return this.builtUrl;
  }

  get signal(): AbortSignal {
    return this.incoming.signal;
  }

  get request(): Request {
    this.builtRequest ??= this.incoming.toRequest(this.body);
    return this.builtRequest;
  }
}
