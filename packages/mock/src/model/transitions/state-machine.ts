import type { CredportErrorCode } from "@credport/core";
import { ModelError } from "../infrastructure/errors.js";

/**
 * One row of a transition table. `to` is the state reached; a row with `error` instead refuses the
 * trigger in those states with that error (status, code), leaving the state as it was.
 */
export interface Transition<S extends string, T extends string> {
  from: readonly S[];
  trigger: T;
  to?: S;
  error?: { status: number; code: CredportErrorCode };
}

/** Looks the trigger up in the table; unknown combinations are a 409 with `invalidCode`. */
export function nextState<S extends string, T extends string>(
  table: readonly Transition<S, T>[],
  from: S,
  trigger: T,
  invalidCode: CredportErrorCode,
  subject: string,
): S {
  const row = table.find((r) => r.trigger === trigger && r.from.includes(from));
  if (row?.to) return row.to;
  const error = row?.error ?? { status: 409, code: invalidCode };
  throw new ModelError(
    error.status,
    error.code,
    `${subject} is ${from}; "${trigger}" is not allowed in that state`,
  );
}
