import type { ClaimEntry, DefinitionRecord } from "./records/definition-record.js";

export interface ReadinessIssue {
  path: string;
  code: string;
  message: string;
}

/** At most this many entries in `details.issues` (api-decisions.md). */
export const MAX_READINESS_ISSUES = 20;

/**
 * Publish-readiness rules of api-decisions.md; returns every issue found, bounded. The shape of
 * each claim path (non-empty, non-empty segments, not reserved) is the contract's, checked on
 * create and update, so a stored definition never breaks it.
 */
export function publishReadinessIssues(
  definition: Pick<DefinitionRecord, "vct" | "format" | "doctype" | "title" | "claims">,
): ReadinessIssue[] {
  const issues: ReadinessIssue[] = [];
  const add = (path: string, code: string, message: string) => issues.push({ path, code, message });

  if (definition.format === "mso_mdoc") {
    // An mdoc is identified by its doctype (api-decisions.md, "mdoc credentials").
    if (definition.vct)
      add("vct", "not_allowed", 'vct is for "dc+sd-jwt" definitions: an mdoc has a doctype');
    issues.push(...mdocPublishIssues(definition));
  } else {
    if (!definition.vct) add("vct", "required", "vct must be a non-empty string");
    if (definition.format !== "dc+sd-jwt")
      add("format", "unsupported_format", 'format must be "dc+sd-jwt" or "mso_mdoc"');
    if (definition.doctype) add("doctype", "not_allowed", 'doctype is for "mso_mdoc" definitions');
  }
  if (!definition.title || definition.title.length > 100)
    add("title", "invalid_length", "title must be 1 to 100 characters");
  const claims: ClaimEntry[] = definition.claims ?? [];
  if (claims.length === 0) add("claims", "required", "claims must list at least one claim");
  const keys = claims.map((claim) => JSON.stringify(claim.path));
  claims.forEach((claim, index) => {
    if (keys.indexOf(keys[index]!) !== index)
      add(`claims[${index}].path`, "duplicate_path", "this path is declared twice");
    for (const other of claims) {
      if (other !== claim && isStrictPrefix(claim.path, other.path)) {
        add(
          `claims[${index}].path`,
          "prefix_path",
          `this path is a prefix of ${other.path.join(".")}`,
        );
        break;
      }
    }
  });
  return issues.slice(0, MAX_READINESS_ISSUES);
}

const isStrictPrefix = (a: string[], b: string[]) =>
  Array.isArray(b) && a.length < b.length && a.every((segment, i) => b[i] === segment);

/** What the mdoc rules read of a credential definition. */
export interface MdocDefinitionShape {
  doctype?: unknown;
  claims?: readonly { path: unknown; mandatory?: unknown }[];
}

/**
 * The publish-readiness rules `format: "mso_mdoc"` adds (api-decisions.md, "mdoc credentials"):
 * `doctype` a non-empty string, and every claim path exactly `[namespace, element]`, two non-empty
 * strings. The format-independent rules (title, non-empty claims, duplicates) stay the shared ones.
 */
export function mdocPublishIssues(definition: MdocDefinitionShape): ReadinessIssue[] {
  const issues: ReadinessIssue[] = [];
  const add = (path: string, code: string, message: string) => issues.push({ path, code, message });
  if (typeof definition.doctype !== "string" || definition.doctype.length === 0)
    add("doctype", "required", 'doctype must be a non-empty string for format "mso_mdoc"');
  (definition.claims ?? []).forEach((claim, index) => {
    if (!isElementPath(claim.path))
      add(
        `claims[${index}].path`,
        "invalid_mdoc_path",
        "an mdoc claim path is exactly [namespace, elementIdentifier], two non-empty strings",
      );
  });
  return issues;
}

/** Whether a path is `[namespace, element]`: two non-empty strings. */
export const isElementPath = (path: unknown): path is [string, string] =>
  Array.isArray(path) &&
  path.length === 2 &&
  path.every((segment) => typeof segment === "string" && segment.length > 0);
