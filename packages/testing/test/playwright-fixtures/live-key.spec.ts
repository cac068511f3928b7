import { expect, test } from "@credport/testing/playwright";

// A worker option: its own file (Playwright starts a worker for it). Fails on purpose; see
// playwright-fixtures.built.test.ts.
test.use({
  credportEmulator: {
    attach: {
      url: "http://127.0.0.1:9",
      secretKey: `sk_live_${"a".repeat(24)}`,
      publishableKey: `pk_test_${"b".repeat(24)}`,
    },
  },
});

test("live key: the emulator fixture refuses it", async ({ emulator }) => {
  expect(emulator.url).toBe("never reached");
});
