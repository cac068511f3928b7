import type { CredportError } from "@credport/core";
import { type StatusSnapshot, snapshotFromWire } from "./snapshot.js";
import { createSseParser } from "./sse-parser.js";
import {
  type EndpointConfig,
  errorFromResponse,
  type StatusTarget,
  statusHeaders,
  statusUrl,
} from "./status-endpoint.js";

/**
 * How a stream ended: "unavailable" (503 realtime_unavailable: poll instead), "dropped" (ended or
 * broke before a terminal status: reconnect), "stalled" (not a byte, not even a heartbeat, for the
 * idle timeout: something holds the stream back), "aborted", or an error that reading again will
 * not fix (auth).
 */
export type RealtimeEnd = "unavailable" | "dropped" | "stalled" | "aborted" | CredportError;

/**
 * One realtime connection: a streamed `text/event-stream` read with fetch (EventSource cannot send
 * the Authorization header). Resolves when the stream ends, or when
 * `idleTimeoutMs` pass without a byte (the service sends a heartbeat every 15 s).
 */
export async function streamStatus(
  config: EndpointConfig,
  target: StatusTarget,
  onSnapshot: (snapshot: StatusSnapshot) => void,
  signal: AbortSignal,
  idleTimeoutMs: number,
): Promise<RealtimeEnd> {
  const stream = new AbortController();
  const abort = () => stream.abort();
  signal.addEventListener("abort", abort);
  let stalled = false;
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  const feedWatchdog = () => {
    clearTimeout(watchdog);
    watchdog = setTimeout(() => {
      stalled = true;
      stream.abort();
    }, idleTimeoutMs);
  };
  const interrupted = (): RealtimeEnd =>
    signal.aborted ? "aborted" : stalled ? "stalled" : "dropped";

  feedWatchdog();
  try {
    let response: Response;
    try {
      response = await config.fetch(statusUrl(config, target, "events"), {
        headers: { accept: "text/event-stream", ...statusHeaders(config, target) },
        signal: stream.signal,
      });
    } catch {
      return interrupted();
    }
    if (!response.ok || !response.body) {
      const error = await errorFromResponse(response, "realtime status");
      if (error.code === "realtime_unavailable") return "unavailable";
      return response.status >= 500 || response.status === 429 ? "dropped" : error;
    }
    const feed = createSseParser((type, data) => {
      if (type !== "status") return;
      let snapshot: StatusSnapshot;
      try {
        snapshot = snapshotFromWire(JSON.parse(data) as Record<string, unknown>);
      } catch {
        return; // A malformed event is skipped; the next one, or polling, carries the status.
      }
      onSnapshot(snapshot);
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return "dropped";
        feedWatchdog();
        feed(value);
      }
    } catch {
      return interrupted();
    } finally {
      reader.releaseLock();
    }
  } finally {
    clearTimeout(watchdog);
    signal.removeEventListener("abort", abort);
  }
}
