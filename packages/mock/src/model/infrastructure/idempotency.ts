import { createHash } from "node:crypto";
import type { Tenant } from "../keys.js";
import { conflict } from "./errors.js";
import { DEFAULT_MODEL_LIMITS } from "./limits.js";

export interface StoredResponse {
  status: number;
  body: string;
  headers: Record<string, string>;
}

interface StoredAnswer {
  /** SHA-256 of the route and the canonical body: the request itself is not kept. */
  fingerprint: string;
  response: StoredResponse;
  storedAt: number;
  bytes: number;
}

/** What to do with a request that carries an `Idempotency-Key`. */
export type IdempotencyStep =
  /** The key answered this request before: send the same answer again. */
  | { kind: "replay"; response: StoredResponse }
  /** The first request with this key is still running: wait for it, then ask again. */
  | { kind: "wait"; until: Promise<void> }
  /** The key is this request's now; `finish` gives it back with the answer to keep, if any. */
  | { kind: "run"; finish(response?: StoredResponse): void };

export interface IdempotencyLimits {
  idempotencyRecords: number;
  idempotencyBytes: number;
}

const TTL_MS = 24 * 60 * 60 * 1000;

/**
 * `Idempotency-Key` on POST: the same key with the same route and body within 24 h replays the
 * first answer; the same key with another route or body is 409 idempotency_key_reused. The key is
 * taken synchronously when a request begins, so that simultaneous duplicates wait for the first one
 * instead of running beside it. Answers are kept in arrival order and the oldest is forgotten first
 * once `limits.idempotencyRecords` answers or `limits.idempotencyBytes` bytes are kept.
 */
export class Idempotency {
  private readonly answers = new Map<string, StoredAnswer>();
  private readonly running = new Map<string, { fingerprint: string; until: Promise<void> }>();
  private bytes = 0;

  constructor(
    private readonly clock: { now(): number },
    private readonly limits: IdempotencyLimits = DEFAULT_MODEL_LIMITS,
  ) {}

  begin(tenant: Tenant, key: string, route: string, body: string): IdempotencyStep {
    const id = `${tenant.projectId}:${tenant.environment}:${key}`;
    const print = fingerprint(route, body);
    const stored = this.answers.get(id);
    if (stored && this.clock.now() - stored.storedAt > TTL_MS) this.forget(id, stored);
    else if (stored) {
      if (stored.fingerprint !== print) throw reused();
      return { kind: "replay", response: stored.response };
    }
    const running = this.running.get(id);
    if (running) {
      if (running.fingerprint !== print) throw reused();
      return { kind: "wait", until: running.until };
    }
    let release!: () => void;
    const until = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.running.set(id, { fingerprint: print, until });
    return {
      kind: "run",
      finish: (response) => {
        this.running.delete(id);
        if (response) this.store(id, print, response);
        release();
      },
    };
  }

  /** Answers kept for replay. */
  get size(): number {
    return this.answers.size;
  }

  private store(id: string, print: string, response: StoredResponse): void {
    const now = this.clock.now();
    const bytes = Buffer.byteLength(response.body);
    this.answers.set(id, { fingerprint: print, response, storedAt: now, bytes });
    this.bytes += bytes;
    for (const [oldId, oldest] of this.answers) {
      const over =
        this.answers.size > this.limits.idempotencyRecords ||
        this.bytes > this.limits.idempotencyBytes;
      if (!over && now - oldest.storedAt <= TTL_MS) break;
      this.forget(oldId, oldest);
    }
  }

  private forget(id: string, answer: StoredAnswer): void {
    this.answers.delete(id);
    this.bytes -= answer.bytes;
  }
}

const reused = () =>
  conflict(
    "idempotency_key_reused",
    "This Idempotency-Key was already used for a different request; use a new key for a new request.",
  );

/** Bodies that differ only in key order or whitespace are the same request. */
const fingerprint = (route: string, body: string) =>
  createHash("sha256")
    .update(`${route}\n${canonical(body)}`)
    .digest("base64url");

function canonical(body: string): string {
  if (body === "") return "";
  try {
    return JSON.stringify(sortKeys(JSON.parse(body)));
  } catch {
    return body;
  }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}
