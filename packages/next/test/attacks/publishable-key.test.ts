// Issue 12, item 5: a secret key configured as the publishable key never reaches the HTML.

import { getPublishableKey } from "@credport/next";
import { CredportConfigurationError } from "@credport/server";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("next/server", async () => (await import("../support/next-headers.js")).fakeNextServer);

const PK = `pk_test_${"a".repeat(24)}`;
const SK = `sk_test_${"b".repeat(24)}`;
afterEach(() => vi.unstubAllEnvs());

describe("getPublishableKey", () => {
  it("returns CREDPORT_PUBLISHABLE_KEY when it has the publishable shape", async () => {
    vi.stubEnv("CREDPORT_PUBLISHABLE_KEY", PK);
    expect(await getPublishableKey()).toBe(PK);
    expect(await getPublishableKey(PK)).toBe(PK);
  });

  it.each([
    ["a secret key", SK],
    ["a webhook secret", `whsec_${"c".repeat(24)}`],
    ["a secret key with whitespace", ` ${SK}\n`],
    ["a truncated key", "pk_test_abc"],
    ["nothing", ""],
  ])("refuses %s, without repeating it", async (_, value) => {
    vi.stubEnv("CREDPORT_PUBLISHABLE_KEY", value);
    const error = await getPublishableKey().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CredportConfigurationError);
    const message = (error as Error).message;
    expect(message).toMatch(/CREDPORT_PUBLISHABLE_KEY/);
    if (value.trim()) expect(message).not.toContain(value.trim());
    expect(message).not.toContain("bbbbbbbb");
  });
});
