import { describe, expect, it } from "vitest";
import { createModel } from "../../src/index.js";
import { idSource, randomToken } from "../../src/model/infrastructure/ids.js";
import { createRouter } from "../../src/router.js";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Counts of each alphabet character over the random part of `ids`. */
function charCounts(ids: string[], skip: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (const id of ids) for (const c of id.slice(skip)) counts.set(c, (counts.get(c) ?? 0) + 1);
  return counts;
}

/** Pearson's chi-square of `counts` against the uniform distribution over the alphabet. */
function chiSquare(counts: Map<string, number>): number {
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const expected = total / ALPHABET.length;
  let sum = 0;
  for (const c of ALPHABET) sum += ((counts.get(c) ?? 0) - expected) ** 2 / expected;
  return sum;
}

describe("IDs drawn in batches (idSource)", () => {
  it("are the prefix and base62 characters, distinct across many batches, and uniform", () => {
    const next = idSource("req_", 20);
    const ids = Array.from({ length: 64 * 200 + 7 }, () => next());
    for (const id of ids) expect(id).toMatch(/^req_[0-9A-Za-z]{20}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // 61 degrees of freedom: 110 is about the 99.99th percentile (one false failure in 10,000 runs).
    expect(chiSquare(charCounts(ids, 4))).toBeLessThan(110);
  });

  it("the same distribution as randomToken (the one-at-a-time path)", () => {
    const tokens = Array.from({ length: 13_000 }, () => randomToken(20));
    expect(chiSquare(charCounts(tokens, 0))).toBeLessThan(110);
  });

  it("every answer of the service carries a fresh request ID", async () => {
    const router = createRouter(createModel());
    const seen = new Set<string>();
    for (let i = 0; i < 150; i++) {
      const answer = await router.handle(
        new Request("https://api.test/v1/verifications/ver_x/status"),
        "https://api.test",
      );
      if (answer instanceof Response) seen.add(answer.headers.get("x-request-id") ?? "");
    }
    expect(seen.size).toBe(150);
    for (const id of seen) expect(id).toMatch(/^req_[0-9A-Za-z]{20}$/);
  });
});
