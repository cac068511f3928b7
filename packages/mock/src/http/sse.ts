import type { Model } from "../model/model.js";
import { VERIFICATION_TERMINAL } from "../model/verification-transitions.js";
import type { VerificationRecord } from "../model/verifications.js";
import { verificationStatusView } from "../model/views.js";

const HEARTBEAT_MS = 15_000;

/**
 * Realtime status as a plain streamed `text/event-stream` response (not msw's `sse()`, which needs
 * a global EventSource that Node 20 lacks). The current status is sent at once, then every change;
 * the stream ends after a terminal status, when realtime is switched off, or when the client leaves.
 */
export function statusEventStream(
  model: Model,
  initial: VerificationRecord,
  signal: AbortSignal,
): Response {
  const encoder = new TextEncoder();
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let sequence = 0;
      let closed = false;
      const timers: ReturnType<typeof setTimeout>[] = [];
      const send = (record: VerificationRecord) => {
        if (closed) return;
        sequence += 1;
        const data = JSON.stringify(verificationStatusView(record));
        controller.enqueue(encoder.encode(`id: ${sequence}\nevent: status\ndata: ${data}\n\n`));
        if ((VERIFICATION_TERMINAL as readonly string[]).includes(record.status)) stop();
      };
      const unsubscribe = model.verifications.subscribe(initial.id, send);
      const offRealtime = model.realtime.onChange((available) => {
        if (!available) stop();
      });
      stop = () => {
        if (closed) return;
        closed = true;
        unsubscribe();
        offRealtime();
        for (const timer of timers) clearTimeout(timer);
        signal.removeEventListener("abort", stop);
        try {
          controller.close();
        } catch {
          // Already closed by the reader going away.
        }
      };
      signal.addEventListener("abort", stop);
      const heartbeat = setInterval(() => {
        if (!closed) controller.enqueue(encoder.encode(": heartbeat\n\n"));
      }, HEARTBEAT_MS);
      heartbeat.unref?.();
      timers.push(heartbeat);
      // Expiry in real time, for clients that wait it out instead of moving the clock.
      const untilExpiry = Date.parse(initial.expiresAt) - model.clock.now();
      const expiry = setTimeout(() => model.sweep(), Math.max(untilExpiry, 0) + 5);
      expiry.unref?.();
      timers.push(expiry);
      controller.enqueue(encoder.encode("retry: 2000\n\n"));
      send(initial);
    },
    cancel() {
      stop();
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
      connection: "keep-alive",
    },
  });
}
