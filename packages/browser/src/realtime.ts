import type { CredportError } from "@credport/core";
import { createParser } from "eventsource-parser";
import { type StatusSnapshot, snapshotFromWire } from "./snapshot.js";
import {
  type EndpointConfig,
  errorFromResponse,
  type StatusTarget,
  statusHeaders,
  statusUrl,
} from "./status-endpoint.js";

export type RealtimeEnd =
  /** 503 realtime_unavailable: poll instead. */
  | { kind: "unavailable" }
  /** The stream ended or broke before a terminal status: reconnect. */
  | { kind: "dropped" }
  /** An error that reading again will not fix (auth). */
  | { kind: "error"; error: CredportError }
  | { kind: "aborted" };

/**
 * One realtime connection: a streamed `text/event-stream` read with fetch (EventSource cannot send
 * the Authorization header), parsed by eventsource-parser. Resolves when the stream ends.
 */
export async function streamStatus(
  config: EndpointConfig,
  target: StatusTarget,
  onSnapshot: (snapshot: StatusSnapshot) => void,
  signal: AbortSignal,
): Promise<RealtimeEnd> {
  let response: Response;
  try {
    response = await config.fetch(statusUrl(config, target, "events"), {
      headers: { accept: "text/event-stream", ...statusHeaders(config, target) },
      signal,
    });
  } catch {
    return signal.aborted ? { kind: "aborted" } : { kind: "dropped" };
  }
  if (!response.ok || !response.body) {
    const error = await errorFromResponse(response, "realtime status");
    if (error.code === "realtime_unavailable") return { kind: "unavailable" };
    return response.status >= 500 || response.status === 429
      ? { kind: "dropped" }
      : { kind: "error", error };
  }
  const parser = createParser({
    onEvent(event) {
      if (event.event !== "status") return;
      try {
        onSnapshot(snapshotFromWire(JSON.parse(event.data) as Record<string, unknown>));
      } catch {
        // A malformed event is skipped; the next one, or polling, carries the status.
      }
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return { kind: "dropped" };
      parser.feed(value);
    }
  } catch {
    return signal.aborted ? { kind: "aborted" } : { kind: "dropped" };
  } finally {
    reader.releaseLock();
  }
}
