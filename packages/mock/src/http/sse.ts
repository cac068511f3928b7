import type { Model } from "../model/model.js";
import type { VerificationRecord } from "../model/records/verification-record.js";
import { verificationStatusView } from "../model/records/views.js";
import { VERIFICATION_TERMINAL } from "../model/transitions/verification-transitions.js";
import type { Reply } from "./route.js";

const HEARTBEAT_MS = 15_000;

/**
 * Realtime status as a plain `text/event-stream` answer (not msw's `sse()`, which needs a global
 * EventSource that Node 20 lacks). The current status is sent at once, then every change; the
 * stream ends after a terminal status, when realtime is switched off, or when the client leaves.
 * Its place among `limits.realtimeStreams` is taken here: beyond it, 503 realtime_unavailable.
 *
 * Expiry in real time (for clients that wait it out instead of moving the clock) comes from the
 * model's one shared expiry timer, held while the stream is open: a timer per stream, each with
 * its own duration, made Node keep one timer list per duration long after the streams had gone.
 */
export function statusEventStream(model: Model, initial: VerificationRecord): Reply {
  const release = model.realtime.openStream();
  return {
    status: 200,
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
      connection: "keep-alive",
    },
    body: {
      open(sink) {
        let sequence = 0;
        let closed = false;
        const send = (record: VerificationRecord) => {
          if (closed) return;
          sequence += 1;
          const data = JSON.stringify(verificationStatusView(record));
          sink.write(`id: ${sequence}\nevent: status\ndata: ${data}\n\n`);
          if ((VERIFICATION_TERMINAL as readonly string[]).includes(record.status)) stop();
        };
        const unsubscribe = model.verifications.subscribe(initial.id, send);
        const offRealtime = model.realtime.onChange((available) => {
          if (!available) stop();
        });
        const releaseExpiry = model.keepExpiring();
        // The same duration for every stream: Node keeps a single timer list for all of them.
        const heartbeat = setInterval(() => sink.write(": heartbeat\n\n"), HEARTBEAT_MS);
        heartbeat.unref?.();
        function stop() {
          if (closed) return;
          closed = true;
          clearInterval(heartbeat);
          unsubscribe();
          offRealtime();
          releaseExpiry();
          release();
          sink.end();
        }
        sink.write("retry: 2000\n\n");
        send(initial);
        return stop;
      },
      discard: release,
    },
  };
}
