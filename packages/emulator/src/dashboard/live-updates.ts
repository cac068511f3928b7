import type { ChangeFeed } from "@credport/mock/engine";

/** Changes closer together than this are announced once. */
const COALESCE_MS = 200;
const HEARTBEAT_MS = 15_000;

/**
 * `GET /__dashboard/live`: a Server-Sent Events stream with an `event: change` after one of the
 * feeds (the model, the request log) told of a change; the page then fetches its live region again.
 */
export function liveUpdates(feeds: readonly ChangeFeed[], signal: AbortSignal): Response {
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let closed = false;
      const send = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      const changed = () => {
        timer ??= setTimeout(() => {
          timer = undefined;
          send("event: change\ndata: {}\n\n");
        }, COALESCE_MS);
      };
      const unsubscribes = feeds.map((feed) => feed.subscribe(changed));
      const heartbeat = setInterval(() => send(": heartbeat\n\n"), HEARTBEAT_MS);
      heartbeat.unref?.();
      cleanup = () => {
        if (closed) return;
        closed = true;
        for (const unsubscribe of unsubscribes) unsubscribe();
        clearTimeout(timer);
        clearInterval(heartbeat);
        try {
          controller.close();
        } catch {
          // The reader already left.
        }
      };
      signal.addEventListener("abort", cleanup);
      send("retry: 2000\n\n");
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(body, {
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" },
  });
}
