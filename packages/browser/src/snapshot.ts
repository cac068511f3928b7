import type { FailureCode } from "@credport/core";

/** A verification's status as the browser sees it (camelCase of the wire's verification_status). */
export interface StatusSnapshot {
  id: string;
  status: "pending" | "in_progress" | "verified" | "failed" | "expired" | "canceled";
  /**
   * Only when status is failed. A service newer than this package may send a code it does not
   * list yet; it is passed on as sent (as the server package does).
   */
  failureCode?: FailureCode;
  expiresAt: string;
}

export const TERMINAL_STATUSES: readonly StatusSnapshot["status"][] = [
  "verified",
  "failed",
  "expired",
  "canceled",
];

export const isTerminal = (snapshot: StatusSnapshot) => TERMINAL_STATUSES.includes(snapshot.status);

export function snapshotFromWire(wire: Record<string, unknown>): StatusSnapshot {
  return {
    id: String(wire.id),
    status: wire.status as StatusSnapshot["status"],
    ...(typeof wire.failure_code === "string"
      ? { failureCode: wire.failure_code as FailureCode }
      : {}),
    expiresAt: String(wire.expires_at),
  };
}

export const sameSnapshot = (a: StatusSnapshot | undefined, b: StatusSnapshot) =>
  a !== undefined && a.status === b.status && a.failureCode === b.failureCode;
