/**
 * The values of a Token Status List entry (IETF OAuth Status List, one bit per credential): what
 * a credential's status reference resolves to, in either format — both carry such a reference.
 */
export const STATUS_VALID = 0;
export const STATUS_INVALID = 1;

/** The status behind a credential's status reference, or why it cannot be read. */
export type StatusLookup = (reference: {
  uri: unknown;
  idx: unknown;
}) => { ok: true; status: number } | { ok: false; reason: string };
