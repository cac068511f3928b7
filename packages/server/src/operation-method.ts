import type { RequestPipeline } from "@credport/core";
import { contract, loadContract } from "./contract.js";
import { OPERATION_ROWS, type OperationId, type OperationRow } from "./operation-rows.js";
import type { WriteOptions } from "./types.js";
import { checkAnswer, checkInput, invalid, pathId, type Schema } from "./validation.js";
import { fromWire, toWire } from "./wire.js";

/**
 * One method of a resource, declared as data: the row of the operations table it calls
 * (operation-rows.ts), which gives the HTTP method, the path template, the request and answer
 * schemas and the wire casing. Plain objects rather than built functions, so that a bundle which
 * never calls a resource keeps none of this.
 */
export interface MethodSpec {
  /** The table's operation ID, e.g. `getVerification`. */
  operation: OperationId;
  /** Names the caller's input in errors. Default `input`. */
  root?: string;
  /** Fields the method sets after the caller's input was checked (the caller may not set them). */
  sets?: Record<string, unknown>;
}

/** What one call of a method gives. */
export interface MethodCall {
  /** Values of the path template's `{name}` parameters, in its order. */
  ids?: readonly unknown[];
  /** The request body as the caller wrote it (camelCase), for rows with a body. */
  input?: unknown;
  options: WriteOptions;
}

/**
 * Calls one row of the operations table: loads the contract, checks and encodes the path
 * parameters, checks the input (mapped to snake_case for snake_case rows), sends the request
 * (POSTs get their idempotency key from the pipeline), checks the answer against the row's schema
 * and maps it back to camelCase. `name` (e.g. `verifications.get`) names the call in errors.
 */
export async function callOperation<T>(
  pipeline: RequestPipeline,
  name: string,
  spec: MethodSpec,
  call: MethodCall,
): Promise<T> {
  const schemas = await loadContract();
  const row: OperationRow = OPERATION_ROWS[spec.operation];
  const snake = row.snake === true;
  const path = operationPath(row, call.ids ?? []);
  const body =
    row.body && requestBody(schemas[row.body] as Schema<unknown>, call.input, spec, snake);
  const response = await pipeline.request<unknown>({
    method: row.method,
    path,
    body,
    ...call.options,
  });
  const answer = checkAnswer(schemas[row.answer] as Schema<object>, response, name);
  return (snake ? fromWire(answer) : answer) as T;
}

/** The row's path with each `{name}` parameter checked and URL-encoded, in the template's order. */
export function operationPath(row: OperationRow, ids: readonly unknown[]): string {
  let index = 0;
  return row.path.replace(/\{(\w+)\}/g, (_, name: string) => pathId(ids[index++], name));
}

function requestBody(schema: Schema<unknown>, input: unknown, spec: MethodSpec, snake: boolean) {
  const root = spec.root ?? "input";
  let body: unknown;
  if (snake) {
    if (!contract().isPlainObject(input)) throw invalid(root, "must be a JSON object");
    body = checkInput(schema, toWire(input), { root, snake: true });
  } else {
    body = checkInput(schema, input, { root });
  }
  return spec.sets ? { ...(body as object), ...spec.sets } : body;
}
