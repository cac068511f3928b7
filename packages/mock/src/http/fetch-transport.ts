import { type Incoming, requestTooLarge } from "./incoming.js";
import type { Reply } from "./route.js";

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** A Fetch `Request` (msw, any Fetch server) as the router's {@link Incoming}. */
export function fetchIncoming(request: Request): Incoming {
  const url = request.url;
  const pathStart = url.indexOf("/", url.indexOf("//") + 2);
  return {
    method: request.method,
    url,
    target: pathStart === -1 ? "/" : url.slice(pathStart),
    header: (name) => request.headers.get(name),
    async readBody(maxBytes) {
      if (Number(request.headers.get("content-length")) > maxBytes) throw requestTooLarge(maxBytes);
      const text = await request.text();
      if (text.length > maxBytes || Buffer.byteLength(text) > maxBytes)
        throw requestTooLarge(maxBytes);
      return text;
    },
    get signal() {
      return request.signal;
    },
    toRequest(body) {
      if (request.method === "GET" || request.method === "HEAD") return request;
      return new Request(url, {
        method: request.method,
        headers: request.headers,
        body,
        signal: request.signal,
      });
    },
  };
}

/** A route's answer as a Fetch `Response`; a stream stops when the client aborts or cancels. */
export function toFetchResponse(answer: Reply | Response, signal: AbortSignal): Response {
  if (answer instanceof Response) return answer;
  const { status, headers, body } = answer;
  if (body === undefined || typeof body === "string") {
    return new Response(NULL_BODY_STATUSES.has(status) ? null : (body ?? null), {
      status,
      headers,
    });
  }
  const encoder = new TextEncoder();
  let ended = false;
  let stop = () => {};
  const onAbort = () => stop();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      stop = body.open({
        write: (text) => {
          if (!ended) controller.enqueue(encoder.encode(text));
        },
        end: () => {
          if (ended) return;
          ended = true;
          signal.removeEventListener("abort", onAbort);
          controller.close();
        },
      });
      if (ended) return;
      if (signal.aborted) onAbort();
      else signal.addEventListener("abort", onAbort, { once: true });
    },
    cancel() {
      // The reader went away: the controller may no longer be closed.
      ended = true;
      signal.removeEventListener("abort", onAbort);
      stop();
    },
  });
  return new Response(stream, { status, headers });
}
