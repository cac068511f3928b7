import type * as z from "zod/mini";
import { errorBody } from "./error-body.js";
import { describeFirstIssue } from "./first-issue.js";
import { findOperation, type Operation, operationErrors } from "./operations.js";

/**
 * Checks one exchange against the contract, for contract tests of mocks and clients: a request
 * as a client sends it, and an answer as a service gives it. Each returns the problems found
 * (empty when the exchange conforms). Paths are below the base URL, e.g. `/v1/policies`.
 */

export function checkRequestConforms(
  method: string,
  path: string,
  request: { query?: Record<string, string>; body?: unknown },
): string[] {
  const found = findOperation(method, path);
  if (!found) return [`${method} ${path}: no such operation in the contract`];
  const { operation } = found;
  const problems: string[] = [];
  const query = request.query ?? {};
  if (operation.query) problems.push(...parseProblems(operation, "query", operation.query, query));
  else if (Object.keys(query).length > 0)
    problems.push(
      `${operation.id}: query parameters ${Object.keys(query).join(", ")} are not declared`,
    );
  if (operation.body)
    problems.push(...parseProblems(operation, "body", operation.body, request.body));
  else if (request.body !== undefined) problems.push(`${operation.id}: takes no request body`);
  return problems;
}

export function checkResponseConforms(
  method: string,
  path: string,
  response: { status: number; body: unknown; contentType?: string | null },
): string[] {
  // A HEAD answer has no body to check.
  if (method === "HEAD") return [];
  const found = findOperation(method, path);
  if (!found) {
    // Not an operation (an unknown route): the error body must still be the error shape.
    return response.status >= 400
      ? parseProblems(undefined, "error body", errorBody, response.body)
      : [];
  }
  const { operation } = found;
  if (response.status === operation.success.status) {
    const { schema } = operation.success;
    if (schema === null)
      return response.contentType?.startsWith("text/event-stream")
        ? []
        : [`${operation.id}: ${response.status} must be a text/event-stream`];
    return parseProblems(operation, `${response.status} body`, schema, response.body);
  }
  const declared = operationErrors(operation).find((e) => e.status === response.status);
  if (!declared) return [`${operation.id}: status ${response.status} is not declared`];
  const problems = parseProblems(operation, `${response.status} body`, errorBody, response.body);
  const code = (response.body as { code?: unknown } | null)?.code;
  if (problems.length === 0 && !declared.codes.includes(code as string))
    problems.push(`${operation.id}: ${response.status} with code ${String(code)} is not declared`);
  return problems;
}

function parseProblems(
  operation: Operation | undefined,
  what: string,
  schema: z.ZodMiniType,
  value: unknown,
): string[] {
  const where = `${operation?.id ?? "error"} ${what}`;
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) {
    const wording = what === "query" || what === "body" ? "rules" : "shape";
    return [`${where}: ${describeFirstIssue(result.error, { wording }).message}`];
  }
  const extra = undeclaredFields(value, result.data);
  return extra.length > 0 ? [`${where}: fields not in the contract: ${extra.join(", ")}`] : [];
}

/** Keys of `input` that parsing dropped: fields the contract does not declare. */
function undeclaredFields(input: unknown, output: unknown, at = ""): string[] {
  if (Array.isArray(input) && Array.isArray(output))
    return input.flatMap((item, i) => undeclaredFields(item, output[i], `${at}[${i}]`));
  if (!isObject(input) || !isObject(output) || input === output) return [];
  return Object.keys(input).flatMap((key) => {
    const here = at ? `${at}.${key}` : key;
    return key in output ? undeclaredFields(input[key], output[key], here) : [here];
  });
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
