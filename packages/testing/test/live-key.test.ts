import { describe, expect, it } from "vitest";
import { attachTestEmulator, CredportTestingError, refuseLiveKey } from "../src/index.js";

const LIVE = `sk_live_${"a".repeat(24)}`;

describe("live keys", () => {
  it("attachTestEmulator refuses sk_live_ with a typed error that never shows the key", async () => {
    const error = await attachTestEmulator({
      url: "http://127.0.0.1:9",
      secretKey: LIVE,
      publishableKey: `pk_test_${"b".repeat(24)}`,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CredportTestingError);
    expect((error as CredportTestingError).code).toBe("live_key");
    expect((error as Error).message).toMatch(/CREDPORT_SECRET_KEY.*live key/);
    expect((error as Error).message).not.toContain("a".repeat(24));
  });

  it("a live key from the environment is refused the same way", async () => {
    const saved = { ...process.env };
    Object.assign(process.env, {
      CREDPORT_BASE_URL: "http://127.0.0.1:9",
      CREDPORT_SECRET_KEY: LIVE,
      CREDPORT_PUBLISHABLE_KEY: `pk_test_${"b".repeat(24)}`,
    });
    try {
      await expect(attachTestEmulator()).rejects.toMatchObject({ code: "live_key" });
    } finally {
      // Restored in place: Vitest's stubEnv keeps the process.env object it started with.
      for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
      Object.assign(process.env, saved);
    }
  });

  it("a live publishable key too; test keys pass", () => {
    expect(() => refuseLiveKey(`pk_live_${"c".repeat(24)}`, "the key")).toThrow(
      expect.objectContaining({ code: "live_key" }),
    );
    expect(() => refuseLiveKey(`sk_test_${"c".repeat(24)}`, "the key")).not.toThrow();
  });
});
