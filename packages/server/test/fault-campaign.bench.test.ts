import { type Emulator, startEmulator } from "@credport/emulator";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runFaultCampaign } from "../bench/fault-campaign.mjs";

/**
 * The fault campaign of `pnpm bench` (2,000 createOffer + 500 publish), scaled to a tenth of the
 * calls so that it runs in a few seconds; the fault mix (every kind the emulator injects, ~40 % of
 * requests), the concurrency (50) and the client settings are the bench's.
 */
let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());

it("200 createOffer + 50 publish at ~40 % faults, 50 at a time: nothing lost, nothing duplicated, every failed call completed once with its key", async () => {
  const result = await runFaultCampaign({ emulator, offers: 200, publishes: 50 });
  for (const calls of [result.offers, result.publishes]) {
    expect(calls.failedCalls).toBeGreaterThan(0); // the app-level retry path is exercised
    expect(calls.withoutKey).toBe(0);
    expect(calls.completedWithKey).toBe(calls.failedCalls);
    expect(calls.neverCompleted).toBe(0);
    expect(calls.lost).toBe(0);
    expect(calls.duplicated).toBe(0);
  }
  // Timeouts and dropped connections happened, i.e. writes that may have been applied.
  expect(result.offers.mayHaveBeenApplied).toBeGreaterThan(0);
}, 60_000);
