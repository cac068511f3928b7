/** One request the emulator served, as the dashboard's request log shows it. */
export interface TrafficEntry {
  seq: number;
  at: string;
  method: string;
  /** Path and query, relative to the service's base. */
  path: string;
  /** `null` when an injected fault dropped the connection without an answer. */
  status: number | null;
  requestId: string | null;
  idempotencyKey: string | null;
  replayed: boolean;
  durationMs: number;
}

/** Entries kept: the newest ones. */
const KEPT = 500;

/** The emulator's recent traffic — API, protocol and control plane — newest last. */
export class TrafficLog {
  readonly entries: TrafficEntry[] = [];
  private seq = 0;

  constructor(private readonly changed: () => void) {}

  record(request: Request, path: string, response: Response | null, startedAt: number): void {
    this.seq += 1;
    this.entries.push({
      seq: this.seq,
      at: new Date(startedAt).toISOString(),
      method: request.method,
      path,
      status: response?.status ?? null,
      requestId: response?.headers.get("x-request-id") ?? null,
      idempotencyKey: request.headers.get("idempotency-key"),
      replayed: response?.headers.get("idempotent-replayed") === "true",
      durationMs: Date.now() - startedAt,
    });
    if (this.entries.length > KEPT) this.entries.shift();
    this.changed();
  }

  clear(): void {
    this.entries.length = 0;
    this.changed();
  }
}
