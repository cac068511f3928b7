import { conflict } from "./errors.js";
import type { Tenant } from "./keys.js";

export interface StoredResponse {
  status: number;
  body: string;
  headers: Record<string, string>;
}

interface IdempotencyRecord {
  fingerprint: string;
  response: StoredResponse;
  storedAt: number;
}

const TTL_MS = 24 * 60 * 60 * 1000;

/**
 * `Idempotency-Key` on POST: the same key with the same route and body within 24 h replays the
 * first response; the same key with another route or body is 409 idempotency_key_reused.
 */
export class Idempotency {
  private readonly records = new Map<string, IdempotencyRecord>();

  constructor(private readonly clock: { now(): number }) {}

  lookup(tenant: Tenant, key: string, route: string, body: string): StoredResponse | undefined {
    const record = this.records.get(recordKey(tenant, key));
    if (!record || this.clock.now() - record.storedAt > TTL_MS) return undefined;
    if (record.fingerprint !== fingerprint(route, body)) {
      throw conflict(
        "idempotency_key_reused",
        "This Idempotency-Key was already used for a different request; use a new key for a new request.",
      );
    }
    return record.response;
  }

  store(tenant: Tenant, key: string, route: string, body: string, response: StoredResponse): void {
    this.records.set(recordKey(tenant, key), {
      fingerprint: fingerprint(route, body),
      response,
      storedAt: this.clock.now(),
    });
  }

  get size(): number {
    return this.records.size;
  }
}

const recordKey = (tenant: Tenant, key: string) =>
  `${tenant.projectId}:${tenant.environment}:${key}`;
const fingerprint = (route: string, body: string) => `${route}\n${canonical(body)}`;

/** Bodies that differ only in key order or whitespace are the same request. */
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
