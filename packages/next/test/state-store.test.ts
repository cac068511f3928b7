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

  it("keeps at most maxEntries, dropping expired keys first, then the oldest", async () => {
    let now = 0;
    const store = createMemoryStateStore({ maxEntries: 3, now: () => now });
    for (const k of ["a", "b", "c"]) expect(await store.rememberOnce(k, 100)).toBe(true);
    expect(await store.rememberOnce("d", 100)).toBe(true); // "a" gives way
    expect(await store.rememberOnce("b", 100)).toBe(false);
    expect(await store.rememberOnce("a", 100)).toBe(true);
    now = 100_000;
    for (const k of ["x", "y", "z"]) expect(await store.rememberOnce(k, 100)).toBe(true);
    expect(await store.rememberOnce("x", 100)).toBe(false);
  });
});
