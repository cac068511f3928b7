import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Incoming } from "../../src/http/incoming.js";
import { RouteTable } from "../../src/http/route-table.js";
import { statusViewJson } from "../../src/http/status-view-json.js";
import { createModel } from "../../src/index.js";
import { bearerToken } from "../../src/model/infrastructure/bearer-token.js";
import { statusViewOf } from "../../src/model/records/status-view-of.js";
import type { VerificationRecord } from "../../src/model/records/verification-record.js";
import { verificationStatusView } from "../../src/model/records/views.js";
import { createRouter } from "../../src/router.js";

/**
 * The status read's shortcuts (string checks instead of regular expressions, a route walk without
 * an array of segments) answer exactly what the rules they stand for answer, on any input.
 */

const spaces = ["", " ", "  ", "\t", "\n", "\u00a0", "\u2003", "\ufeff", "\u3000"];
const piece = fc.oneof(
  fc.constantFrom("Bearer", "bearer", "BEARER", "Basic", "cts_abc123", "tok-en.~+/=", "é", "💥"),
  fc.constantFrom(...spaces),
  fc.string({ maxLength: 6 }),
  fc.string({ maxLength: 6, unit: "grapheme" }),
);
const header = fc.array(piece, { maxLength: 5 }).map((parts) => parts.join(""));

describe("Authorization: Bearer", () => {
  it("reads the token as /^Bearer\\s+(\\S+)$/i does, for any header", () => {
    fc.assert(
      fc.property(header, (value) => {
        expect(bearerToken(value)).toBe(/^Bearer\s+(\S+)$/i.exec(value)?.[1]);
      }),
      { numRuns: 5000 },
    );
    expect(bearerToken(null)).toBeUndefined();
    expect(bearerToken("Bearer cts_x")).toBe("cts_x");
    expect(bearerToken("bearer\tcts_x")).toBe("cts_x");
    expect(bearerToken("Bearer cts_x y")).toBeUndefined();
    expect(bearerToken("Bearer ")).toBeUndefined();
  });
});

/** The paths browsers may read cross-origin, as the service defines them. */
const BROWSER_READABLE = [
  /^\/v1\/verifications\/[^/]+\/(status|events|dc-api-response)$/,
  /^\/oid4v(ci|p)\//,
  /^\/\.well-known\//,
];

const segment = fc.oneof(
  fc.constantFrom(
    "",
    "v1",
    "verifications",
    "ver_1",
    "status",
    "events",
    "dc-api-response",
    "oid4vci",
    "oid4vp",
    ".well-known",
    "statusx",
    "\n",
  ),
  fc.string({ maxLength: 4 }),
);
const path = fc.oneof(
  fc.array(segment, { minLength: 1, maxLength: 6 }).map((s) => `/${s.join("/")}`),
  fc
    .tuple(
      fc.constantFrom("/v1/verifications/", "/oid4vci/", "/oid4vp/", "/.well-known/", "/oid4vc/"),
      fc.array(segment, { maxLength: 3 }),
    )
    .map(([prefix, s]) => prefix + s.join("/")),
);

function optionsRequest(target: string): Incoming {
  return {
    method: "OPTIONS",
    url: `http://127.0.0.1:1${target}`,
    target,
    header: () => null,
    readBody: async () => "",
    signal: new AbortController().signal,
    toRequest: () => new Request(`http://127.0.0.1:1${target}`, { method: "OPTIONS" }),
  };
}

describe("CORS headers", () => {
  const router = createRouter(createModel());
  it("go on the answers of exactly the browser-readable paths", () => {
    fc.assert(
      fc.property(path, (target) => {
        const answer = router.serve(optionsRequest(target), "http://127.0.0.1:1", "req_x");
        if (answer instanceof Promise || typeof answer === "symbol" || answer instanceof Response)
          throw new Error("an OPTIONS answer is a plain reply");
        // The path decides, not the query string: `/v1/verifications/?/status` is no status read.
        const [pathname] = target.split("?");
        const readable = BROWSER_READABLE.some((pattern) => pattern.test(pathname!));
        expect(answer.headers["access-control-allow-origin"], target).toBe(
          readable ? "*" : undefined,
        );
      }),
      {
        numRuns: 3000,
        examples: [["/v1/verifications/?/status"], ["/v1/verifications/v?/status"]],
      },
    );
  });
});

describe("route table", () => {
  const routes = [
    { method: "GET", pattern: "/v1/verifications/:id/status" },
    { method: "POST", pattern: "/v1/verifications/:id/cancel" },
    { method: "GET", pattern: "/v1/verifications/:id" },
    { method: "GET", pattern: "/v1/verifications/list" },
    { method: "GET", pattern: "/v1/:kind/:id/status" },
    { method: "DELETE", pattern: "/v1/:kind/list/x" },
    { method: "GET", pattern: "/" },
  ] as const;
  const table = new RouteTable(
    routes.map((r) => ({ ...r, handle: () => ({ status: 200, headers: {} }) })),
  );

  /** The rules, route by route: a literal before a parameter, parameters never empty. */
  function expected(method: string, target: string) {
    const segments = target.split("/");
    let pathMatched = false;
    let best: { index: number; params: Record<string, string>; rank: string } | undefined;
    routes.forEach((route, index) => {
      const parts = route.pattern.split("/");
      if (parts.length !== segments.length) return;
      const params: Record<string, string> = {};
      let rank = "";
      for (let i = 0; i < parts.length; i++) {
        const part = parts[i]!;
        if (part.startsWith(":")) {
          if (segments[i] === "") return;
          params[part.slice(1)] = segments[i]!;
          rank += "1";
        } else if (part === segments[i]) rank += "0";
        else return;
      }
      pathMatched = true;
      if (route.method !== method) return;
      if (!best || rank < best.rank) best = { index, params, rank };
    });
    if (best) return { pattern: routes[best.index]!.pattern, params: best.params };
    return pathMatched ? "method_not_allowed" : "not_found";
  }

  const tablePath = fc
    .array(
      fc.oneof(
        fc.constantFrom("", "v1", "verifications", "list", "status", "x", "cancel", "a"),
        fc.string({ maxLength: 3 }),
      ),
      { minLength: 1, maxLength: 5 },
    )
    .map((s) => `/${s.join("/")}`);

  it("finds the route a literal-first, non-empty-parameter reading of the patterns finds", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("GET", "POST", "DELETE", "PATCH"),
        tablePath,
        (method, target) => {
          const match = table.match(method, target);
          const got =
            typeof match === "string"
              ? match
              : { pattern: match.route.pattern, params: match.params };
          expect(got, `${method} ${target}`).toEqual(expected(method, target));
        },
      ),
      { numRuns: 5000 },
    );
  });
});

describe("status view JSON", () => {
  const text = fc.string({ maxLength: 8, unit: "binary" });
  it("is JSON.stringify's text of the view, for any status, failure code and values", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom("pending", "failed", "succeeded", "expired"), text),
        fc.option(fc.oneof(fc.constantFrom("", "wallet_declined"), text), { nil: undefined }),
        text,
        text,
        (status, failureCode, id, expiresAt) => {
          const record = { id, status, failureCode, expiresAt } as unknown as VerificationRecord;
          const view = verificationStatusView(record);
          expect(statusViewJson(view)).toBe(JSON.stringify(view));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("of a record read again and again is the text of its view now, whatever changed in between", () => {
    const field = fc.constantFrom("status", "failureCode", "expiresAt", "id", "none");
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            field,
            fc.oneof(fc.constantFrom("pending", "failed", "wallet_declined", "x"), text),
          ),
          { maxLength: 12 },
        ),
        (changes) => {
          const record = {
            id: "ver_a",
            status: "pending",
            expiresAt: "2026-01-01T00:00:00.000Z",
          } as unknown as Record<string, string | undefined>;
          for (const [name, value] of changes) {
            if (name !== "none")
              record[name] = name === "failureCode" && value === "x" ? undefined : value;
            const read = statusViewJson(statusViewOf(record as unknown as VerificationRecord));
            expect(read).toBe(
              JSON.stringify(verificationStatusView(record as unknown as VerificationRecord)),
            );
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("is one frozen view per record while the record is unchanged, a new one once it changed", () => {
    const record = { id: "ver_a", status: "pending", expiresAt: "t" } as VerificationRecord;
    const first = statusViewOf(record);
    expect(statusViewOf(record)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    record.status = "verified";
    expect(statusViewOf(record)).not.toBe(first);
    expect(statusViewOf(record).status).toBe("verified");
  });
});
