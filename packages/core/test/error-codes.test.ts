// One error code convention for every package: each code a package can produce is in the exported
// `CredportErrorCode` union, and is snake_case, as the service's codes are, but for the two the
// service description spells in capitals. The sources of every package are read, so that a new
// `FOO_BAR` (or a code left out of the union) fails here rather than reaching users.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  CREDPORT_ERROR_CODES,
  type CredportErrorCode,
  FAILURE_CODES,
  isCredportErrorCode,
} from "../src/index.js";

/** The codes the service description names in capitals; every other code is snake_case. */
const SEED_SPELLINGS = ["INVALID_API_KEY_FORMAT", "VERIFICATION_BINDING_REQUIRED"];
const SNAKE_CASE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

const PACKAGES = fileURLToPath(new URL("../../", import.meta.url));

/** Every source file of every package, with its path for messages. */
function sources(): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  for (const name of readdirSync(PACKAGES)) {
    const src = join(PACKAGES, name, "src");
    let entries: string[];
    try {
      entries = readdirSync(src, { recursive: true }) as string[];
    } catch {
      continue;
    }
    for (const entry of entries)
      if (/\.tsx?$/.test(entry)) {
        const path = join(src, entry);
        out.push({ file: relative(PACKAGES, path), text: readFileSync(path, "utf8") });
      }
  }
  return out;
}

const STRING = String.raw`(?:\x60(?:[^\x60\\]|\\.)*\x60|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')`;

/** Where the packages write an error code: each pattern captures the code. */
const CODE_SITES = [
  // `{ code: "…" }`: error options, JSON error bodies, transition tables.
  /\bcode:\s*"([^"]+)"/g,
  // `new RouteError(403, "…")`, `new ModelError(409, "…")`.
  /\b(?:RouteError|ModelError)\(\s*\d+,\s*"([^"]+)"/g,
  // `notFound("…", …)`, `conflict("…", …)`, `fail("…", …)`, `flowError("…", …)`.
  /\b(?:notFound|conflict|fail|flowError)\(\s*"([^"]+)"/g,
  // `configurationError(message, "…")`, `required(value, name, "…", variable)`.
  new RegExp(String.raw`\bconfigurationError\(\s*${STRING}\s*,\s*"([^"]+)"`, "g"),
  /\brequired\(\s*[\w.]+,\s*"[^"]*",\s*"([^"]+)"/g,
  // `nextState(table, from, trigger, "…", subject)`: the code of a refused transition.
  /\bnextState\(\s*[^,]+,\s*[^,]+,\s*[^,]+,\s*"([^"]+)"/g,
];

/**
 * Quoted strings in capitals with an underscore that are not error codes: environment variables,
 * Node's errno codes and signals.
 */
const NOT_A_CODE = /^(CREDPORT_|NEXT_|NODE_|SIG)|^E[A-Z_]+$/;

function codesAtSites(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const add = (code: string, file: string) => found.set(code, [...(found.get(code) ?? []), file]);
  for (const { file, text } of sources()) {
    for (const pattern of CODE_SITES)
      for (const match of text.matchAll(pattern)) {
        const line = text.slice(text.lastIndexOf("\n", match.index) + 1, match.index);
        // zod's issue codes (`ctx.addIssue({ code: "custom" })`) are zod's, and a failed
        // verification's `failure_code` (`fail("claims_missing", …)`) is a FailureCode.
        if (/addIssue\(\{\s*$/.test(line) || match[1] === "custom") continue;
        if ((FAILURE_CODES as readonly string[]).includes(match[1]!)) continue;
        add(match[1]!, file);
      }
    // Anything spelled like a constant is a code someone meant to add: it must be in the union.
    // (Comments name constants in backticks: `FAILURE_CODES`.)
    for (const match of text.matchAll(/["'\x60]([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)["'\x60]/g)) {
      const line = text.slice(text.lastIndexOf("\n", match.index) + 1, match.index).trim();
      if (/^(\*|\/\/|\/\*)/.test(line)) continue;
      if (!NOT_A_CODE.test(match[1]!)) add(match[1]!, file);
    }
  }
  return found;
}

describe("error codes", () => {
  it("every code of the union is snake_case, but for the two seed spellings; none twice", () => {
    const offending = CREDPORT_ERROR_CODES.filter(
      (code) => !SNAKE_CASE.test(code) && !SEED_SPELLINGS.includes(code),
    );
    expect(offending).toEqual([]);
    expect(new Set(CREDPORT_ERROR_CODES).size).toBe(CREDPORT_ERROR_CODES.length);
    for (const seed of SEED_SPELLINGS) expect(isCredportErrorCode(seed)).toBe(true);
  });

  it("every code a package writes is in CredportErrorCode", () => {
    const found = codesAtSites();
    // The scan itself works: it sees codes of every kind of site.
    for (const code of [
      "state_store_unavailable",
      "cross_site_request",
      "VERIFICATION_BINDING_REQUIRED",
      "INVALID_API_KEY_FORMAT",
      "missing_session_secret",
      "verification_invalid_state",
      "missing_api_key",
    ])
      expect(found.has(code), code).toBe(true);
    const unknown = [...found]
      .filter(([code]) => !isCredportErrorCode(code))
      .map(([code, files]) => `${code} (${[...new Set(files)].join(", ")})`);
    expect(unknown).toEqual([]);
  });

  it("the check refuses what it should: FOO_BAR, camelCase, a code left out of the union", () => {
    expect(isCredportErrorCode("FOO_BAR")).toBe(false);
    expect(isCredportErrorCode("fooBar")).toBe(false);
    expect(isCredportErrorCode("STATE_STORE_UNAVAILABLE")).toBe(false);
    expect(isCredportErrorCode(undefined)).toBe(false);
    expect(SNAKE_CASE.test("FOO_BAR")).toBe(false);
    const text = `throw new RouteError(400, "FOO_BAR", "x"); const e = { code: "foo_baz" };`;
    const seen = CODE_SITES.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => m[1]));
    expect(seen).toEqual(["foo_baz", "FOO_BAR"]);
  });

  it("the union is the type of error.code", () => {
    const code: CredportErrorCode = CREDPORT_ERROR_CODES[0];
    // @ts-expect-error a code outside the union does not type-check
    const wrong: CredportErrorCode = "FOO_BAR";
    expect([code, wrong]).toHaveLength(2);
  });
});
