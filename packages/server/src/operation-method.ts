import { OPERATION_ROUTES, type OperationId, type RequestPipeline } from "@credport/core";
import { contract, loadContract } from "./contract.js";
import type { WriteOptions } from "./types.js";
import { checkAnswer, checkInput, invalid, pathId, type Schema } from "./validation.js";
import { fromWire, toWire } from "./wire.js";

/** What one call of a method gives. */
export interface MethodCall {
  /** Values of the path template's `{name}` parameters, in its order. */
  ids?: readonly unknown[];
  /** The request body as the caller wrote it (camelCase), for operations with a body. */
  input?: unknown;
  /** Names the caller's input in errors. Default `input`. */
  root?: string;
  /** Fields the method sets after the caller's input was checked (the caller may not set them). */
  sets?: Record<string, unknown>;
  options: WriteOptions;
}

/**
 * Calls one operation of the contract, by its ID: the route index (`OPERATION_ROUTES`,
 * `@credport/core`) gives the HTTP method, the path template and the wire casing, and the
 * operation's schemas (`OPERATION_SCHEMAS`, loaded with the contract) the request and answer
 * schemas. Loads the contract, checks and encodes the path parameters, checks the input (mapped to
 * snake_case for snake_case operations), sends the request (POSTs get their idempotency key from
 * the pipeline), checks the answer and maps it back to camelCase. `name` (e.g. `verifications.get`)
 * names the call in errors.
 */
export async function callOperation<T>(
  pipeline: RequestPipeline,
  name: string,
  id: OperationId,
  call: MethodCall,
): Promise<T> {
  const operation = await loadOperation(id);
  const path = operationPath(operation.path, call.ids ?? []);
  const body =
    operation.body && requestBody(operation.body as Schema<unknown>, call, operation.snake);
  const response = await pipeline.request<unknown>({
    method: operation.method,
    path,
    body,
    ...call.options,
  });
  const answer = checkAnswer(operation.answer as Schema<object>, response, name);
  return (operation.snake ? fromWire(answer) : answer) as T;
}

/** An operation's route and schemas in one object, once the contract has loaded. */
export async function loadOperation(id: OperationId) {
  return { ...OPERATION_ROUTES[id], ...(await loadContract()).schemasById[id] };
}

/** The path template with each `{name}` parameter checked and URL-encoded, in its order. */
export function operationPath(template: string, ids: readonly unknown[]): string {
  let index = 0;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => pathId(ids[index++], name));
}

function requestBody(
  schema: Schema<unknown>,
  { input, root = "input", sets }: MethodCall,
  snake: boolean,
) {
  let body: unknown;
  if (snake) {
    if (!contract().isPlainObject(input)) throw invalid(root, "must be a JSON object");
    body = checkInput(schema, toWire(input), { root, snake: true });
  } else {
    body = checkInput(schema, input, { root });
  }
  return sets ? { ...(body as object), ...sets } : body;
}
