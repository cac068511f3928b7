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
  // Once joined, an operation is read as is: no await of the loaded contract on every call.
  const operation = operations[id] ?? (await loadOperation(id));
  const path = fillPath(operation.pathParts, call.ids);
  const body =
    operation.body && requestBody(operation.body as Schema<unknown>, call, operation.snake);
  const response = await pipeline.request<unknown>({
    method: operation.method,
    path,
    body,
    ...call.options,
    operationId: id,
  });
  const answer = checkAnswer(operation.answer as Schema<object>, response, name);
  return (operation.snake ? fromWire(answer) : answer) as T;
}

type Operation = (typeof OPERATION_ROUTES)[OperationId] &
  Awaited<ReturnType<typeof loadContract>>["schemasById"][OperationId] & {
    /** The path template split at its `{name}` parameters: text, name, text, … */
    pathParts: string[];
  };

/**
 * Operations joined once per process: joining them (and awaiting the contract) on every call was
 * most of the ~24 µs a status read spent in this module (issue 44).
 */
const operations: Partial<Record<OperationId, Operation>> = {};

/** An operation's route and schemas in one object, once the contract has loaded. */
export async function loadOperation(id: OperationId): Promise<Operation> {
  const { schemasById } = await loadContract();
  operations[id] ??= {
    ...OPERATION_ROUTES[id],
    ...schemasById[id],
    pathParts: OPERATION_ROUTES[id].path.split(/\{(\w+)\}/),
  };
  return operations[id];
}

/**
 * The path with each parameter checked and URL-encoded, in the template's order. A loop over the
 * template split once per operation: a regular expression replace per call cost ~1 µs of a status
 * read (issue 44).
 */
function fillPath(parts: string[], ids: readonly unknown[] | undefined): string {
  let path = parts[0]!;
  for (let i = 1; i < parts.length; i += 2)
    path += pathId(ids?.[(i - 1) / 2], parts[i]!) + parts[i + 1];
  return path;
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
