import * as z from "zod/mini";
import type { FailureCheck, TimelineStep } from "./failure-checks.js";
import { isPlainObject, timestamp } from "./rules.js";

/** A string, typed with the known words for editors (receivers accept others). */
const word = <T extends string>() => z.custom<T>((value) => typeof value === "string");

/**
 * `failure_detail` (verifications) and `failureDetail` (issuance sessions): present only when the
 * status is `failed`, on server reads only (`FailureDetail`; `check` one of `FAILURE_CHECKS`).
 */
export const failureDetail = z.object({
  check: word<FailureCheck>(),
  message: z.string(),
  path: z.optional(z.array(z.string())),
});

/**
 * A step's particulars: a plain object of strings, numbers and booleans (the OpenAPI document says
 * so). A predicate rather than z.record(z.union(…)), which brought ~1 kB of parsers to the
 * server's edge bundle.
 */
export const timelineDetail = z.custom<Record<string, string | number | boolean>>(isPlainObject);

/** One step of a verification's or an issuance session's timeline (`TimelineEntry`). */
export const timelineEntry = z.object({
  at: timestamp,
  step: word<TimelineStep>(),
  detail: z.optional(timelineDetail),
});

/** `GET /v1/verifications/{id}/timeline`, `GET /v1/openid4vc/issuance/{issuanceId}/timeline`. */
export const timeline = z.object({
  object: z.literal("list"),
  data: z.array(timelineEntry),
});

export type FailureDetailWire = z.output<typeof failureDetail>;
export type TimelineWire = z.output<typeof timeline>;
