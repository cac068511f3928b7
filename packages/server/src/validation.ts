import {
  type ApiResponse,
  CredportInvalidResponseError,
  CredportValidationError,
} from "@credport/core";
import type { ContractIssue } from "@credport/core/contract";
import { contract } from "./contract.js";
import { camelFieldName } from "./wire.js";

/** A schema of the wire contract, as far as the client uses one. */
export interface Schema<T> {
  safeParse(
    value: unknown,
    params?: { reportInput?: boolean },
  ): { success: true; data: T } | { success: false; error: { issues: readonly ContractIssue[] } };
}

/** A local refusal, with the code the service would use (validation_error), before any request. */
export const invalid = (field: string, rule: string) =>
  new CredportValidationError(`credport: ${field}: ${rule}`, {
    code: "validation_error",
    details: { field },
  });

/**
 * Checks what the caller gave against the contract's request schema, with the service's wording.
 * `root` names the whole value; `snake` names wire fields back in the caller's camelCase.
 */
export function checkInput<T>(
  schema: Schema<T>,
  value: unknown,
  options: { root: string; snake?: boolean },
): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problem = contract().describeFirstIssue(result.error, {
    root: options.root,
    ...(options.snake ? { renameTopLevel: camelFieldName } : {}),
  });
  throw invalid(problem.field, problem.rule);
}

/**
 * The last ID that passed the check, URL-encoded: a status poll sends the same ID again and again,
 * and checking it anew took ~5 µs, 1.5 % of a loopback status read (issue 44). One entry, so
 * nothing grows; it starts as a value no check accepts.
 */
let lastId: unknown = Symbol();
let lastEncoded = "";

/** An ID that goes into a URL path, URL-encoded. */
export function pathId(value: unknown, field: string): string {
  if (value !== lastId) {
    lastEncoded = encodeURIComponent(checkInput(contract().resourceId, value, { root: field }));
    lastId = value;
  }
  return lastEncoded;
}

/**
 * Every 2xx body must be what the method promises: else a typed invalid-response error naming the
 * operation and the field, never a value of the body.
 */
export function checkAnswer<T>(
  schema: Schema<T>,
  response: ApiResponse<unknown>,
  operation: string,
): T {
  // Checked without `reportInput` first: asking zod to keep inputs costs ~4× on every call, and
  // only the description of a failure needs them (to tell a missing field from a wrong one).
  if (schema.safeParse(response.data).success) return response.data as T;
  const result = schema.safeParse(response.data, { reportInput: true });
  if (result.success) return response.data as T;
  const { message } = contract().describeFirstIssue(result.error, {
    root: "body",
    wording: "shape",
  });
  throw new CredportInvalidResponseError(
    `credport: ${operation} answered ${response.status} with a body that breaks the API contract (${message}); is the base URL a Credport service?`,
    { code: "invalid_response", status: response.status, requestId: response.requestId },
  );
}
