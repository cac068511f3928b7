import { validationError } from "./errors.js";

export type FaultKind =
  | "server_error"
  | "service_unavailable"
  | "rate_limited"
  | "drop_after_write"
  | "bad_gateway_html"
  | "delay";

export interface FaultRule {
  kind: FaultKind;
  /** How many requests fail; unlimited when a rate is given without a count. */
  count?: number;
  /** Probability (0..1) that a matching request fails. */
  rate?: number;
  /** Seconds, for rate_limited. */
  retryAfter?: number;
  /** Milliseconds the request waits before it is handled, for delay. */
  delayMs?: number;
  method?: string;
  /** Path prefix, e.g. `/v1/openid4vc/issuance/offer`. */
  path?: string;
}

const KINDS: FaultKind[] = [
  "server_error",
  "service_unavailable",
  "rate_limited",
  "drop_after_write",
  "bad_gateway_html",
  "delay",
];

/** Fault injection for the next matching `/v1` requests; a seeded generator keeps runs repeatable. */
export class Faults {
  private rules: (FaultRule & { remaining: number })[] = [];
  private seed = 0x9e3779b9;

  inject(rule: FaultRule): void {
    if (!KINDS.includes(rule.kind))
      throw validationError(`kind: must be one of ${KINDS.join(", ")}`, { field: "kind" });
    if (rule.rate !== undefined && !(rule.rate >= 0 && rule.rate <= 1))
      throw validationError("rate: must be from 0 to 1", { field: "rate" });
    if (rule.count !== undefined && !(Number.isInteger(rule.count) && rule.count >= 1)) {
      throw validationError("count: must be a positive integer", { field: "count" });
    }
    const remaining = rule.count ?? (rule.rate === undefined ? 1 : Number.POSITIVE_INFINITY);
    this.rules.push({ ...rule, remaining });
  }

  clear(): void {
    this.rules = [];
  }

  /** The fault this request meets, if any (and uses it up). */
  take(method: string, path: string): FaultRule | undefined {
    for (const rule of this.rules) {
      if (rule.remaining <= 0) continue;
      if (rule.method && rule.method.toUpperCase() !== method) continue;
      if (rule.path && !path.startsWith(rule.path)) continue;
      if (rule.rate !== undefined && this.random() >= rule.rate) continue;
      rule.remaining -= 1;
      return rule;
    }
    return undefined;
  }

  /** mulberry32 */
  private random(): number {
    this.seed = (this.seed + 0x6d2b79f5) | 0;
    let t = this.seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
}
