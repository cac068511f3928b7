import type { SDJwt } from "@sd-jwt/core";
import { hasher } from "./sd-jwt.js";

type Disclosure = NonNullable<SDJwt["disclosures"]>[number];

/** Claim names a disclosure may never carry (RFC 9901 §4.2.1). */
const RESERVED_NAMES = new Set(["_sd", "..."]);
/** Claims SD-JWT VC forbids to disclose selectively: the verifier reads them in the clear. */
const NEVER_SELECTIVE = new Set(["iss", "nbf", "exp", "cnf", "vct", "vct#integrity", "status"]);

export type DisclosedClaims =
  | { ok: true; claims: Record<string, unknown> }
  | { ok: false; reason: string };

class Refused extends Error {}

/**
 * RFC 9901 §7.1 step 3: replaces every embedded digest with the disclosure it names and refuses
 * what the RFC says to refuse — an unsupported `_sd_alg`, a disclosure sent twice, a digest met
 * twice (in the payload or inside disclosures), a disclosure of the wrong kind for its place, a
 * disclosure named `_sd` or `...`, a disclosed name that already exists at its level, and a
 * disclosure nothing references. @sd-jwt decodes the disclosures; it does not make these checks.
 */
export async function discloseClaims(
  payload: Record<string, unknown>,
  disclosures: readonly Disclosure[],
): Promise<DisclosedClaims> {
  const alg = payload._sd_alg ?? "sha-256";
  if (alg !== "sha-256") return { ok: false, reason: "_sd_alg must be sha-256" };
  const byDigest = new Map<string, Disclosure>();
  for (const disclosure of disclosures) {
    const digest = await disclosure.digest({ hasher, alg });
    if (byDigest.has(digest)) return { ok: false, reason: "a disclosure was sent twice" };
    byDigest.set(digest, disclosure);
  }
  const seen = new Set<string>();
  const used = new Set<string>();

  const take = (digest: unknown): Disclosure | undefined => {
    if (typeof digest !== "string") throw new Refused("a digest is not a string");
    if (seen.has(digest)) throw new Refused("a digest appears more than once");
    seen.add(digest);
    const disclosure = byDigest.get(digest);
    if (disclosure) used.add(digest);
    return disclosure;
  };

  const visit = (node: unknown, topLevel = false): unknown => {
    if (Array.isArray(node)) return visitArray(node);
    if (node && typeof node === "object")
      return visitObject(node as Record<string, unknown>, topLevel);
    return node;
  };

  const visitObject = (node: Record<string, unknown>, topLevel: boolean) => {
    const out: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(node)) {
      if (name === "_sd" || (topLevel && name === "_sd_alg")) continue;
      define(out, name, visit(value));
    }
    if (!("_sd" in node)) return out;
    if (!Array.isArray(node._sd)) throw new Refused("_sd is not an array");
    for (const digest of node._sd) {
      const disclosure = take(digest);
      if (!disclosure) continue;
      const name = disclosure.key;
      if (arityOf(disclosure) !== 3 || typeof name !== "string")
        throw new Refused("an array-element disclosure is referenced from _sd");
      if (RESERVED_NAMES.has(name)) throw new Refused(`a disclosure is named ${name}`);
      if (topLevel && NEVER_SELECTIVE.has(name))
        throw new Refused(`${name} must not be selectively disclosed`);
      if (Object.hasOwn(out, name)) throw new Refused(`the disclosed claim ${name} already exists`);
      define(out, name, visit(disclosure.value));
    }
    return out;
  };

  const visitArray = (node: unknown[]) => {
    const out: unknown[] = [];
    for (const element of node) {
      const isReference =
        element !== null &&
        typeof element === "object" &&
        !Array.isArray(element) &&
        "..." in element;
      if (!isReference) {
        out.push(visit(element));
        continue;
      }
      if (Object.keys(element).length !== 1)
        throw new Refused("an array element reference has other keys beside ...");
      const disclosure = take((element as Record<string, unknown>)["..."]);
      if (!disclosure) continue;
      if (arityOf(disclosure) !== 2)
        throw new Refused("a property disclosure is referenced from an array element");
      out.push(visit(disclosure.value));
    }
    return out;
  };

  try {
    const claims = visitObject(payload, true);
    if (used.size !== byDigest.size)
      return { ok: false, reason: "a disclosure is not referenced by the credential" };
    for (const disclosure of byDigest.values())
      if (typeof disclosure.salt !== "string")
        return { ok: false, reason: "a disclosure has no string salt" };
    return { ok: true, claims };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.message };
    throw error;
  }
}

/** Sets a claim as an own property, even one named `__proto__`. */
function define(target: Record<string, unknown>, name: string, value: unknown): void {
  Object.defineProperty(target, name, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/**
 * Elements in the disclosure as sent: @sd-jwt reads `[salt, "", value]` as an array-element
 * disclosure, so the kind is taken from the encoded form.
 */
function arityOf(disclosure: Disclosure): number {
  return (JSON.parse(Buffer.from(disclosure.encode(), "base64url").toString("utf8")) as unknown[])
    .length;
}
