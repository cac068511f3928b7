import {
  type ContractIssue,
  describeFirstIssue,
  isPlainObject,
  resourceId,
} from "@credport/core/contract";
import { RouteError } from "./route-error.js";

// What browsers send to the routes is checked with the rules of the service's wire contract: an ID
// is what the service accepts as one, in the wording the server client and the service use.

/** A contract schema, as far as this file uses one. */
interface Schema<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly ContractIssue[] } };
}

/** The value, or a 400 `validation_error` naming the field and the rule it breaks. */
function parseBrowserInput<T>(schema: Schema<T>, value: unknown, root: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const { field, rule } = describeFirstIssue(result.error, { root });
  throw RouteError.validation(field, rule);
}

/** A verification ID from the browser (a path segment or a body field). */
export const parseVerificationId = (value: unknown): string =>
  parseBrowserInput(resourceId, value, "verificationId");

/** `POST session`'s body: `{ verificationId }`; other keys are ignored. */
export function parseFinalizeSessionBody(body: unknown): { verificationId: string } {
  if (!isPlainObject(body)) throw RouteError.validation("body", "must be a JSON object");
  return { verificationId: parseVerificationId(body.verificationId) };
}
