// The publish-readiness rules live with the others in the model (a definition is stored and
// published there, below every format); re-exported here for the format's own use.
export {
  isElementPath,
  type MdocDefinitionShape,
  mdocPublishIssues,
} from "../../model/publish-readiness.js";

export type OfferClaimProblem = { path: string; message: string };

/**
 * An offer's `claims` for an mdoc definition: the same path segments as nested objects,
 * `{ "eu.europa.ec.av.1": { "age_over_18": true } }`. Returns the elements by namespace, or the
 * first problem: a namespace that is not an object, an element the definition does not declare,
 * a leaf that is not a string, number or boolean, or a mandatory element missing.
 */
export function readMdocOfferClaims(
  claims: unknown,
  definition: { claims: readonly { path: readonly string[]; mandatory?: boolean }[] },
):
  | { ok: true; nameSpaces: Record<string, Record<string, string | number | boolean>> }
  | { ok: false; problem: OfferClaimProblem } {
  const problem = (path: string, message: string) => ({
    ok: false as const,
    problem: { path, message },
  });
  if (!claims || typeof claims !== "object" || Array.isArray(claims))
    return problem("claims", "claims must be an object of namespaces");
  const declared = new Set(definition.claims.map((c) => JSON.stringify(c.path)));
  // Maps, then own properties: a key such as "__proto__" stays a key, never a prototype.
  const nameSpaces = new Map<string, Map<string, string | number | boolean>>();
  for (const [namespace, elements] of Object.entries(claims)) {
    if (!elements || typeof elements !== "object" || Array.isArray(elements))
      return problem(`claims.${namespace}`, "each namespace must be an object of elements");
    for (const [element, value] of Object.entries(elements as Record<string, unknown>)) {
      const at = `claims.${namespace}.${element}`;
      if (!declared.has(JSON.stringify([namespace, element])))
        return problem(at, "the credential definition declares no such element");
      if (!["string", "number", "boolean"].includes(typeof value))
        return problem(at, "an element value must be a string, number or boolean");
      const forNamespace = nameSpaces.get(namespace) ?? new Map();
      forNamespace.set(element, value as string | number | boolean);
      nameSpaces.set(namespace, forNamespace);
    }
  }
  for (const claim of definition.claims) {
    const [namespace, element] = claim.path;
    if (claim.mandatory && !nameSpaces.get(namespace!)?.has(element!))
      return problem(`claims.${namespace}.${element}`, "this mandatory element is missing");
  }
  return {
    ok: true,
    nameSpaces: Object.fromEntries(
      [...nameSpaces].map(([namespace, elements]) => [namespace, Object.fromEntries(elements)]),
    ),
  };
}
