import type { FailureCheck, TimelineEntry, TimelineStep } from "@credport/core/contract";

export type { TimelineEntry } from "@credport/core/contract";

/**
 * How many entries a verification's or an issuance's timeline keeps: enough for every step of a
 * real run; a wallet that posts malformed answers in a loop cannot grow it further (the oldest
 * entries after `created` give way).
 */
export const TIMELINE_MAX_ENTRIES = 100;

type Detail = NonNullable<TimelineEntry["detail"]>;

/** A record that keeps a timeline (verifications, issuance sessions). */
export interface HasTimeline {
  /** Absent on records saved before timelines. */
  timeline?: TimelineEntry[];
}

/** Adds one step to a record's timeline, in order. */
export function noteStep(record: HasTimeline, at: string, step: TimelineStep, detail?: Detail) {
  record.timeline ??= [];
  const timeline = record.timeline;
  timeline.push({ at, step, ...(detail ? { detail } : {}) });
  if (timeline.length > TIMELINE_MAX_ENTRIES) timeline.splice(1, 1);
}

/**
 * The checks of a presentation as timeline steps: a format checks in the order it declares and
 * stops at the first that fails, so the ones before it passed and the ones after were not made.
 * A malformed presentation (`format`) is told alone: its structure is checked all along.
 */
export function checkSteps(
  order: readonly FailureCheck[],
  failed: FailureCheck | undefined,
): { check: FailureCheck; outcome: "passed" | "failed" }[] {
  if (failed === undefined) return order.map((check) => ({ check, outcome: "passed" }));
  const at = order.indexOf(failed);
  if (failed === "format" || at < 0) return [{ check: failed, outcome: "failed" }];
  return order
    .slice(0, at + 1)
    .map((check, i) => ({ check, outcome: i === at ? "failed" : "passed" }));
}

/**
 * One webhook delivery attempt as a step: the event type, which attempt at that event it is, and
 * the receiver's HTTP status (`reached: false` when there was none).
 */
export function noteWebhookAttempt(
  record: HasTimeline,
  at: string,
  event: string,
  status: number | undefined,
) {
  const earlier = (record.timeline ?? []).filter(
    (entry) => entry.step === "webhook_delivery" && entry.detail?.event === event,
  ).length;
  noteStep(record, at, "webhook_delivery", {
    event,
    attempt: earlier + 1,
    ...(status === undefined ? { reached: false } : { status }),
  });
}
