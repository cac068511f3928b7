// Node ↔ Fetch with Node's own primitives rather than @remix-run/node-fetch-server 0.14.2: that
// converter builds the URL from `req.url` (an Express sub-router strips its mount path from it),
// and cancelling its body destroys the request, which destroys the socket before our 413 is sent.
// What we need here (headers, a pull-based body that a cancel stops, Set-Cookie lists) is ~80 lines.
import type { IncomingMessage, ServerResponse } from "node:http";

/** The request URL, from the `Host` header and the protocol the framework decided (never forwarded headers on our own). */
export interface NodeRequestUrl {
  /** `http` or `https`: the framework's answer (it honours `X-Forwarded-Proto` only when told to trust the proxy). */
  protocol: string;
  /** The path and query as the browser sent them (an Express sub-router's mount path included). */
  pathAndQuery: string;
}

// A Host header is a host name or address and an optional port, nothing that parses into more.
const HOST = /^(?:[A-Za-z0-9._-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** The request's absolute URL, or `undefined` when its `Host` header is missing or not a host. */
export function requestUrl(req: IncomingMessage, where: NodeRequestUrl): URL | undefined {
  const host = req.headers.host;
  if (!host || !HOST.test(host)) return undefined;
  const protocol = where.protocol === "https" ? "https" : "http";
  const path = where.pathAndQuery.startsWith("/") ? where.pathAndQuery : `/${where.pathAndQuery}`;
  try {
    return new URL(`${protocol}://${host}${path}`);
  } catch {
    return undefined;
  }
}

/** The request's headers as Fetch `Headers` (repeated headers kept; HTTP/2 pseudo-headers left out). */
export function fetchHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.charCodeAt(0) === 58 /* ":" */) continue;
    try {
      headers.append(name, raw[i + 1]!);
    } catch {
      // A value Node accepted but Fetch refuses: the routes never need it.
    }
  }
  return headers;
}

/**
 * The body as a pull-based stream: Node is read only as fast as the reader asks. Cancelling it
 * (the body cap) stops reading without destroying the request, so the answer (`413`) still goes
 * out; `onCancel` lets the caller close the connection after it rather than read the rest.
 */
export function nodeBodyStream(
  body: NodeJS.ReadableStream & { destroyed?: boolean },
  onCancel: () => void,
): ReadableStream<Uint8Array> {
  let finished = false;
  let waiting: (() => void) | undefined;
  let failure: unknown;
  const wake = () => {
    const resolve = waiting;
    waiting = undefined;
    resolve?.();
  };
  const onEnd = () => {
    finished = true;
    wake();
  };
  const onError = (error: unknown) => {
    failure = error;
    wake();
  };
  // A connection that closes before the body ended (Node 20 also emits `error` then; this is the
  // guard against a pull that would wait forever).
  const onClose = () => {
    if (!finished && failure === undefined)
      onError(new Error("The request closed before its body ended."));
  };
  body.on("readable", wake);
  body.on("end", onEnd);
  body.on("error", onError);
  body.on("close", onClose);
  const detach = () => {
    body.removeListener("readable", wake);
    body.removeListener("end", onEnd);
    body.removeListener("error", onError);
    body.removeListener("close", onClose);
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        for (;;) {
          if (failure !== undefined) {
            detach();
            controller.error(failure);
            return;
          }
          const chunk = body.read() as Buffer | string | null;
          if (chunk !== null) {
            controller.enqueue(
              typeof chunk === "string"
                ? new TextEncoder().encode(chunk)
                : new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength),
            );
            return;
          }
          if (finished) {
            detach();
            controller.close();
            return;
          }
          await new Promise<void>((resolve) => {
            waiting = resolve;
          });
        }
      },
      cancel() {
        detach();
        // Reading stops here: the rest stays unread, and the connection closes after the answer.
        onCancel();
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * A Fetch `Request` for a Node request: its headers, and its body (for methods that have one)
 * streamed under the reader's pace. A cancelled body marks the response `Connection: close`:
 * Node would otherwise read (and drop) the rest of a refused upload to keep the connection.
 */
export function toFetchRequest(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  body: NodeJS.ReadableStream = req,
): Request {
  const method = req.method ?? "GET";
  const headers = fetchHeaders(req);
  const hasBody = method !== "GET" && method !== "HEAD";
  return new Request(url, {
    method,
    headers,
    ...(hasBody
      ? {
          body: nodeBodyStream(body, () => {
            if (!res.headersSent) res.shouldKeepAlive = false;
          }),
          duplex: "half",
        }
      : {}),
  } as RequestInit);
}

/** A body-less `Request` with the request's URL and headers: what the session read and the wall need. */
export function toHeadersOnlyRequest(req: IncomingMessage, url: URL): Request {
  return new Request(url, { headers: fetchHeaders(req) });
}
