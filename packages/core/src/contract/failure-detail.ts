import * as z from "zod/mini";
import type { FailureCheck, TimelineStep } from "./failure-checks.js";
import { timestamp } from "./rules.js";

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

/** One step of a verification's or an issuance session's timeline (`TimelineEntry`). */
export const timelineEntry = z.object({
  at: timestamp,
  step: word<TimelineStep>(),
  detail: z.optional(z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))),
});

/** `GET /v1/verifications/{id}/timeline`, `GET /v1/openid4vc/issuance/{issuanceId}/timeline`. */
export const timeline = z.object({
  object: z.literal("list"),
  data: z.array(timelineEntry),
});

export type FailureDetailWire = z.output<typeof failureDetail>;
export type TimelineWire = z.output<typeof timeline>;
