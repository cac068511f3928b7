import type { z } from "zod";
import { validationError } from "./errors.js";

/**
 * Parses untrusted input with a zod schema. The first problem becomes a 400 validation_error whose
 * message starts with the field (`scopes[1]: …`, `body: …` for the whole input) and whose
 * `details.field` names it, the way every other validation error of the service reads.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  if (issue.code === "unrecognized_keys") {
    const field = fieldName([...issue.path, issue.keys[0]!]);
    throw validationError(`${field}: is not a field here`, { field });
  }
  const field = fieldName(issue.path);
  const message =
    issue.path.length === 0 && issue.code === "invalid_type"
      ? "must be a JSON object"
      : issue.message;
  throw validationError(`${field}: ${message}`, { field });
}

/** `["scopes", 1]` → `scopes[1]`; the input itself is `body`. */
function fieldName(path: readonly PropertyKey[]): string {
  let name = "";
  for (const segment of path) {
    if (typeof segment === "number") name += `[${segment}]`;
    else name += name === "" ? String(segment) : `.${String(segment)}`;
  }
  return name === "" ? "body" : name;
}
