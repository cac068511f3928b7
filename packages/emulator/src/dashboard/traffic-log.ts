import { ChangeFeed } from "@credport/mock/engine";
import type { ServedRequest } from "../http/node-transport.js";

/** One request the emulator served, as the dashboard's request log shows it. */
export interface TrafficEntry extends ServedRequest {
  seq: number;
  durationMs: number;
}

/** Entries kept: the newest ones. */
const KEPT = 500;

/**
 * The emulator's recent traffic — API, protocol and control plane. Filled from the router's
 * `onServed` on every request, so it is a ring: the newest entry takes the oldest one's slot. Its
 * own change feed, because the log is not model state (the data file does not follow it).
 */
export class TrafficLog {
  readonly changes = new ChangeFeed();
  private readonly ring: TrafficEntry[] = [];
  /** Where the next entry goes once the ring is full (the oldest entry's slot). */
  private next = 0;
  private seq = 0;

  record(served: ServedRequest): void {
    this.seq += 1;
    // Field by field: a spread here took 2.7 µs a request (V8 builds the copy slowly), this 0.1 µs.
    const entry: TrafficEntry = {
      method: served.method,
      target: served.target,
      status: served.status,
      requestId: served.requestId,
      idempotencyKey: served.idempotencyKey,
      replayed: served.replayed,
      startedAt: served.startedAt,
      seq: this.seq,
      durationMs: Date.now() - served.startedAt,
    };
    if (this.ring.length < KEPT) this.ring.push(entry);
    else {
      this.ring[this.next] = entry;
      this.next = (this.next + 1) % KEPT;
    }
    this.changes.notify();
  }

  /** The kept entries, newest last. */
  get entries(): TrafficEntry[] {
    return [...this.ring.slice(this.next), ...this.ring.slice(0, this.next)];
  }

  clear(): void {
    this.ring.length = 0;
    this.next = 0;
    this.changes.notify();
  }
}
