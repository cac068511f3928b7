import type { ServedRequest } from "../http/router.js";
import { ChangeFeed } from "../model/change-feed.js";

/** One request the emulator served, as the dashboard's request log shows it. */
export interface TrafficEntry extends ServedRequest {
  seq: number;
  durationMs: number;
}

/** Entries kept: the newest ones. */
const KEPT = 500;

/**
 * The emulator's recent traffic — API, protocol and control plane — newest last. Filled from the
 * router's `onServed`; its own change feed, because the log is not model state (the data file
 * does not follow it).
 */
export class TrafficLog {
  readonly entries: TrafficEntry[] = [];
  readonly changes = new ChangeFeed();
  private seq = 0;

  record(served: ServedRequest): void {
    this.seq += 1;
    this.entries.push({ ...served, seq: this.seq, durationMs: Date.now() - served.startedAt });
    if (this.entries.length > KEPT) this.entries.shift();
    this.changes.notify();
  }

  clear(): void {
    this.entries.length = 0;
    this.changes.notify();
  }
}
