/** Where a verification flow is, from `idle` to one of its ends. */
export type FlowPhase =
  | "idle"
  | "starting"
  | "pending"
  | "in_progress"
  | "finalizing"
  | "verified"
  | "failed"
  | "expired"
  | "canceled"
  | "timeout"
  | "error";

const OPEN: readonly FlowPhase[] = ["pending", "in_progress"];
const ACTIVE: readonly FlowPhase[] = ["starting", "pending", "in_progress", "finalizing"];
const UNSUCCESSFUL: readonly FlowPhase[] = ["failed", "expired", "canceled", "timeout", "error"];

/** True while the wallet may still answer: the request is out, and not yet expired or answered. */
export const isOpenPhase = (phase: FlowPhase): boolean => OPEN.includes(phase);

/** True while a verification is under way: started and neither verified nor ended otherwise. */
export const isActivePhase = (phase: FlowPhase): boolean => ACTIVE.includes(phase);

/** True when the flow ended without a verified browser: a page offers to try again. */
export const isUnsuccessfulPhase = (phase: FlowPhase): boolean => UNSUCCESSFUL.includes(phase);
