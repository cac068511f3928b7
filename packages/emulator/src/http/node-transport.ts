import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import {
  DROP_CONNECTION,
  type Incoming,
  type Reply,
  type Router,
  type RouterOutcome,
} from "@credport/mock";
import { newRequestId, requestTooLarge } from "@credport/mock/engine";
import { rawHeader } from "./raw-headers.js";

/**
 * One request the emulator answered over node:http, as its request log (the dashboard's traffic
 * page) keeps it.
 */
export interface ServedRequest {
  method: string;
  /** Path and query string below the service's base path, as received. */
  target: string;
  /** `null` when an injected fault dropped the connection instead. */
  status: number | null;
  requestId: string;
  idempotencyKey: string | null;
  /** The answer was an idempotent replay (`Idempotent-Replayed: true`). */
  replayed: boolean;
  /** `Date.now()` when the request arrived. */
  startedAt: number;
}

/**
 * Serves one node:http request with the mock's router, without Fetch Request or Response objects
 * for the built-in routes. `onServed` is called after each answer (CORS preflights aside), e.g.
 * for a request log; without it nothing more is read than the answer needs.
 */
export function serveNode(
  router: Router,
  req: IncomingMessage,
  res: ServerResponse,
  baseUrl: string,
  onServed?: (served: ServedRequest) => void,
): void {
  const requestId = newRequestId();
  const base = baseParts(baseUrl);
  const incoming = new NodeIncoming(req, res, base.origin);
  // One reading of the real clock for the router (the answer's `Date`, expiries) and the log.
  const startedAt = Date.now();
  const outcome = router.serve(incoming, baseUrl, requestId, startedAt);
  if (!(outcome instanceof Promise)) {
    writeOutcome(incoming, outcome, requestId, startedAt, base.prefix, onServed);
    return;
  }
  outcome.then(
    (settled) => writeOutcome(incoming, settled, requestId, startedAt, base.prefix, onServed),
    () => failNodeAnswer(res, requestId),
  );
}

/** Tells `onServed` (CORS preflights aside), then writes the answer or drops the connection. */
function writeOutcome(
  incoming: NodeIncoming,
  answer: RouterOutcome,
  requestId: string,
  startedAt: number,
  prefix: string,
  onServed: ((served: ServedRequest) => void) | undefined,
): void {
  if (onServed && incoming.method !== "OPTIONS")
    onServed(servedRequest(incoming, prefix, answer, requestId, startedAt));
  const { req, res } = incoming;
  if (answer === DROP_CONNECTION) {
    req.socket.destroy();
    return;
  }
  try {
    writeNodeAnswer(res, answer);
  } catch {
    // A stream that will never be sent gives back what it holds (a realtime stream's place).
    if (!(answer instanceof Response) && typeof answer.body === "object") answer.body.discard();
    failNodeAnswer(res, requestId);
  }
}

/** Origin and path prefix of the last base URL seen (an emulator serves one): no URL per request. */
let lastBase: { baseUrl: string; origin: string; prefix: string } | undefined;
function baseParts(baseUrl: string): { origin: string; prefix: string } {
  if (lastBase?.baseUrl !== baseUrl) {
    const url = new URL(baseUrl);
    lastBase = { baseUrl, origin: url.origin, prefix: url.pathname.replace(/\/$/, "") };
  }
  return lastBase;
}

function servedRequest(
  incoming: Incoming,
  prefix: string,
  answer: RouterOutcome,
  requestId: string,
  startedAt: number,
): ServedRequest {
  const { target } = incoming;
  const replayed =
    answer === DROP_CONNECTION
      ? null
      : answer instanceof Response
        ? answer.headers.get("idempotent-replayed")
        : answer.headers["idempotent-replayed"];
  return {
    method: incoming.method,
    target:
      prefix !== "" && target.startsWith(prefix) ? target.slice(prefix.length) || "/" : target,
    status: answer === DROP_CONNECTION ? null : answer.status,
    requestId,
    idempotencyKey: incoming.header("idempotency-key"),
    replayed: replayed === "true",
    startedAt,
  };
}

/**
 * A node:http request as the router's {@link Incoming}, without Fetch objects: headers are read from
 * what node parsed, and the abort signal and Fetch `Request` exist only if a route asks for them.
 */
export class NodeIncoming implements Incoming {
  readonly method: string;
  readonly target: string;
  private abort?: AbortController;

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    private readonly origin: string,
  ) {
    const raw = req.url ?? "/";
    this.method = req.method ?? "GET";
    // Absolute-form targets (`GET http://host/path`) come from proxies.
    this.target = raw.startsWith("/") ? raw : safeTarget(raw);
  }

  get url(): string {
    return this.origin + this.target;
  }

  header(name: string): string | null {
    return requestHeader(this.req, name);
  }

  readBody(maxBytes: number): Promise<string> {
    return readBody(this.req, maxBytes);
  }

  get signal(): AbortSignal {
    if (!this.abort) {
      const controller = new AbortController();
      this.abort = controller;
      this.res.once("close", () => controller.abort());
    }
    return this.abort.signal;
  }

  toRequest(body: string): Request {
    const headers = new Headers();
    const raw = this.req.rawHeaders;
    for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
    return new Request(this.url, {
      method: this.method,
      headers,
      ...(this.method === "GET" || this.method === "HEAD" ? {} : { body }),
      signal: this.signal,
    });
  }
}

/**
 * A request header as Fetch reads it: every value of the name, joined with `, `. Node has built
 * `req.headers` before any handler runs (its server reads `te` and `expect` there); when the server
 * joins duplicates (`joinDuplicateHeaders`, as the emulator's does), that object already holds
 * Fetch's value for every name but `cookie` (joined with `; `), and a look-up there is cheaper
 * than a scan of the raw list. Otherwise node keeps only the first of some names (`authorization`
 * among them): those are read from the raw list, so that a duplicated credential is never half-read.
 */
export function requestHeader(req: IncomingMessage, name: string): string | null {
  // Set by node from the server's option (node ≥ 18.14); absent from @types/node's IncomingMessage.
  const joined = (req as { joinDuplicateHeaders?: boolean }).joinDuplicateHeaders === true;
  if (!joined || name === "cookie") return rawHeader(req.rawHeaders, name);
  const value: unknown = req.headers[name];
  if (typeof value === "string") return value;
  // Only set-cookie is a list; a name on Object.prototype ("constructor") was never sent.
  return Array.isArray(value) ? value.join(", ") : null;
}

function safeTarget(raw: string): string {
  try {
    const url = new URL(raw);
    return url.pathname + url.search;
  } catch {
    return `/${raw}`;
  }
}

/**
 * Collects the body up to `maxBytes`. Past that it answers 413 at once and keeps draining (and
 * dropping) the rest, so that the connection stays usable and memory stays bounded.
 */
function readBody(req: IncomingMessage, maxBytes: number): Promise<string> {
  if (Number(req.headers["content-length"]) > maxBytes) {
    req.resume();
    return Promise.reject(requestTooLarge(maxBytes));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      if (size > maxBytes) return;
      size += chunk.length;
      if (size > maxBytes) {
        chunks.length = 0;
        reject(requestTooLarge(maxBytes));
      } else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** Writes a route's answer: fixed bodies in one write with their length, streams as they come. */
export function writeNodeAnswer(res: ServerResponse, answer: Reply | Response): void {
  if (answer instanceof Response) {
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    if (!answer.body) {
      res.end();
      return;
    }
    const body = Readable.fromWeb(answer.body as NodeReadableStream);
    body.on("error", () => res.destroy());
    body.pipe(res);
    return;
  }
  const { status, headers, body } = answer;
  if (body === undefined || typeof body === "string") {
    if (status !== 204 && status !== 304)
      headers["content-length"] = String(body === undefined ? 0 : Buffer.byteLength(body));
    res.writeHead(status, headers);
    res.end(body);
    return;
  }
  res.writeHead(status, headers);
  res.flushHeaders();
  const stop = body.open({
    write: (text) => {
      if (!res.writableEnded && !res.destroyed) res.write(text);
    },
    end: () => {
      if (!res.writableEnded && !res.destroyed) res.end();
    },
  });
  res.once("close", stop);
}

/** The last resort when writing an answer failed: a JSON 500, or a closed connection. */
export function failNodeAnswer(res: ServerResponse, requestId: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({
    object: "error",
    code: "internal_error",
    message: "The emulator failed to handle this request.",
  });
  res.writeHead(500, {
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(body)),
    "x-request-id": requestId,
  });
  res.end(body);
}
