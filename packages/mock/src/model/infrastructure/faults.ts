import { z } from "zod";
import { ModelError } from "./errors.js";
import { DEFAULT_MODEL_LIMITS } from "./limits.js";
import { parseInput } from "./parse-input.js";

export const FAULT_KINDS = [
  "server_error",
  "service_unavailable",
  "rate_limited",
  "drop_after_write",
  "bad_gateway_html",
  "delay",
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

const METHODS = ["GET", "POST", "PATCH", "DELETE", "PUT", "HEAD", "OPTIONS"] as const;

const METHOD_RULE = `must be one of ${METHODS.join(", ")}`;
const PATH_RULE = "must be a path such as /v1/verifications, at most 2,048 characters";
/** One message for every way a number can miss its range. */
const number = (min: number, max: number, error: string) =>
  z.number({ error }).min(min, { error }).max(max, { error });
const integer = (min: number, max: number, error: string) =>
  z.int({ error }).min(min, { error }).max(max, { error });

/** What a fault rule may say; the control plane's `POST /__emulator/faults` body is this schema. */
export const faultRuleSchema = z.strictObject({
  kind: z.enum(FAULT_KINDS, { error: `must be one of ${FAULT_KINDS.join(", ")}` }),
  count: integer(1, 1_000_000, "must be an integer from 1 to 1,000,000").optional(),
  rate: number(0, 1, "must be a number from 0 to 1").optional(),
  retryAfterSeconds: integer(
    0,
    86_400,
    "must be a whole number of seconds from 0 to 86,400",
  ).optional(),
  delayMs: integer(0, 60_000, "must be a whole number of milliseconds from 0 to 60,000").optional(),
  method: z
    .string({ error: METHOD_RULE })
    .toUpperCase()
    .pipe(z.enum(METHODS, { error: METHOD_RULE }))
    .optional(),
  path: z
    .string({ error: PATH_RULE })
    .max(2048, { error: PATH_RULE })
    .regex(/^\/[!-~]*$/, { error: PATH_RULE })
    .optional(),
});

export interface FaultRule {
  kind: FaultKind;
  /** How many requests fail (1 to 1,000,000); unlimited when a rate is given without a count. */
  count?: number | undefined;
  /** Probability (0..1) that a matching request fails. */
  rate?: number | undefined;
  /** Whole seconds (0 to 86,400), for rate_limited. */
  retryAfterSeconds?: number | undefined;
  /** Milliseconds (0 to 60,000) the request waits before it is handled, for delay. */
  delayMs?: number | undefined;
  /** An HTTP method, any case. */
  method?: string | undefined;
  /** Path prefix, e.g. `/v1/openid4vc/issuance/offer`. */
  path?: string | undefined;
}

/** Fault injection for the next matching `/v1` requests; a seeded generator keeps runs repeatable. */
export class Faults {
  private rules: (FaultRule & { remaining: number })[] = [];
  private seed = 0x9e3779b9;

  constructor(private readonly maxRules: number = DEFAULT_MODEL_LIMITS.faultRules) {}

  /**
   * Adds a rule. A malformed rule is a 400 validation_error naming the field; more than the limit of
   * waiting rules (`limits.faultRules`) is 400 limit_exceeded.
   */
  inject(rule: FaultRule): void {
    const parsed = parseInput(faultRuleSchema, rule);
    if (this.rules.length >= this.maxRules) {
      throw new ModelError(
        400,
        "limit_exceeded",
        `faults: at most ${this.maxRules} rules may wait at once; clear them with DELETE /__emulator/faults`,
        { limit: "faultRules", max: this.maxRules },
      );
    }
    const remaining = parsed.count ?? (parsed.rate === undefined ? 1 : Number.POSITIVE_INFINITY);
    this.rules.push({ ...parsed, remaining });
  }

  clear(): void {
    this.rules = [];
  }

  /** The fault this request meets, if any (and uses it up). */
  take(method: string, path: string): FaultRule | undefined {
    for (let i = 0; i < this.rules.length; i++) {
      const rule = this.rules[i]!;
      if (rule.method && rule.method !== method) continue;
      if (rule.path && !path.startsWith(rule.path)) continue;
      if (rule.rate !== undefined && this.random() >= rule.rate) continue;
      rule.remaining -= 1;
      if (rule.remaining <= 0) this.rules.splice(i, 1);
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
