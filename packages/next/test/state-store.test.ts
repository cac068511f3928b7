import { createMemoryStateStore } from "@credport/session";
import { describe, expect, it } from "vitest";

describe("the in-memory state store", () => {
  it("remembers a key once until it expires", async () => {
    let now = 0;
    const store = createMemoryStateStore({ now: () => now });
    expect(await store.rememberOnce("a", 10)).toBe(true);
    expect(await store.rememberOnce("a", 10)).toBe(false);
    now = 9_999;
    expect(await store.rememberOnce("a", 10)).toBe(false);
    now = 10_000;
    expect(await store.rememberOnce("a", 10)).toBe(true);
  });

  it("keeps at most maxEntries, dropping expired keys, never a live one", async () => {
    let now = 0;
    const store = createMemoryStateStore({ maxEntries: 3, now: () => now });
    for (const k of ["a", "b", "c"]) expect(await store.rememberOnce(k, 100)).toBe(true);
    // Full of live keys: refused, never one of them dropped (a copied cookie would finalize again).
    expect(() => store.rememberOnce("d", 100)).toThrow(/maxEntries/);
    expect(await store.rememberOnce("a", 100)).toBe(false);
    now = 100_000;
    for (const k of ["x", "y", "z"]) expect(await store.rememberOnce(k, 100)).toBe(true);
    expect(await store.rememberOnce("x", 100)).toBe(false);
  });
});
