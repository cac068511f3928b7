/** What broke a rule of the contract: the field (as a path) and the rule's wording. */
export interface FieldProblem {
  /** e.g. `claims.given_name`, `fields[0].path`, `body` for the whole value. */
  field: string;
  /** The rule, e.g. `must be a non-blank string of at most 100 characters`. */
  rule: string;
  /** `"<field>: <rule>"`: the one wording of this problem, for error messages. */
  message: string;
}

export interface DescribeOptions {
  /** Name of the whole value when the issue is about it. Default `body`. */
  root?: string | undefined;
  /** Renames the top-level key, e.g. a client naming wire fields in its own casing. */
  renameTopLevel?: ((key: string) => string) | undefined;
  /**
   * `rules` (default): the wording each request rule carries. `shape`: words made from the issue's
   * kind alone, for answers checked against the contract (whatever locale zod was given elsewhere
   * in the process, and never a value of the answer).
   */
  wording?: "rules" | "shape" | undefined;
}

/** The parts of a zod issue read here. Never its input: messages must not echo values. */
export interface ContractIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly code?: string | undefined;
  readonly expected?: string | undefined;
  readonly values?: readonly unknown[] | undefined;
  readonly input?: unknown;
}

/** `["fields", 0, "path"]` → `fields[0].path`. */
export function formatIssuePath(
  path: readonly PropertyKey[],
  options: DescribeOptions = {},
): string {
  let out = "";
  path.forEach((segment, index) => {
    if (typeof segment === "number") out += `[${segment}]`;
    else {
      const key = String(segment);
      const name = index === 0 && options.renameTopLevel ? options.renameTopLevel(key) : key;
      out += out === "" ? name : `.${name}`;
    }
  });
  return out === "" ? (options.root ?? "body") : out;
}

/**
 * Request rules carry their own wording. Response shapes do not (they are the service's promise,
 * not the caller's input), so their issues are put in words from the issue's kind.
 */
function ruleOf(issue: ContractIssue, wording: "rules" | "shape"): string {
  if (wording === "rules" && issue.message !== "Invalid input") return issue.message;
  if (issue.code === "invalid_type")
    return "input" in issue && issue.input === undefined
      ? "is required"
      : `must be of type ${issue.expected}`;
  if (issue.code === "invalid_value" && issue.values)
    return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
  if (issue.code === "invalid_union") return "matches none of the allowed shapes";
  return "is invalid";
}

/**
 * The first issue of a failed parse as `{ field, rule, message }`. The mock's `validation_error`
 * (message and `details.field`) and the clients' local `CredportValidationError` are both made
 * from it, so each rule has one wording.
 */
export function describeFirstIssue(
  error: { readonly issues: readonly ContractIssue[] },
  options: DescribeOptions = {},
): FieldProblem {
  const issue = error.issues[0];
  const field = formatIssuePath(issue?.path ?? [], options);
  const rule = issue ? ruleOf(issue, options.wording ?? "rules") : "is invalid";
  return { field, rule, message: `${field}: ${rule}` };
}
