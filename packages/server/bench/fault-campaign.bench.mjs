// The fault campaign of issue 13 at full size: 2,000 createOffer + 500 publish, 50 at a time,
// against the emulator over HTTP with ~40 % of requests meeting a fault of every kind it injects.
// Nothing may be lost or duplicated, and every call that failed must complete with the key its
// error carried. (test/fault-campaign.test.ts runs the same campaign at a tenth of the size.)
import { startEmulator } from "@credport/emulator";
import { QUICK, reportFigure, wants } from "../../../scripts/bench/figure.mjs";
import { FAULT_KINDS, runFaultCampaign } from "./fault-campaign.mjs";

if (QUICK && wants("campaign")) {
  console.log("fault campaign: skipped in the quick pass (its scaled copy runs in the tests)");
} else if (wants("campaign")) {
  const emulator = await startEmulator();
  try {
    const result = await runFaultCampaign({ emulator, offers: 2000, publishes: 500 });
    console.log(
      `fault campaign: ${result.offers.calls} createOffer + ${result.publishes.calls} publish, concurrency ${result.concurrency}, ~${result.faultRate * 100} % faults (${FAULT_KINDS.join(", ")}), ${result.attempts} HTTP attempts in ${(result.elapsedMs / 1000).toFixed(1)} s`,
    );
    for (const [name, calls] of [
      ["createOffer", result.offers],
      ["publish", result.publishes],
    ]) {
      console.log(
        `  ${name}: ${calls.failedCalls} calls failed after the client's retries (${Object.entries(
          calls.failedTypes,
        )
          .map(([type, n]) => `${type} ${n}`)
          .join(
            ", ",
          )}; ${calls.mayHaveBeenApplied} may have been applied); ${calls.completedWithKey} of them completed by a retry with the error's key, ${calls.withoutKey} without a key; lost ${calls.lost}, duplicated ${calls.duplicated}`,
      );
      const id = `server.fault-campaign.${name.toLowerCase()}`;
      for (const [what, value] of [
        ["lost", calls.lost],
        ["duplicated", calls.duplicated],
        ["without-key", calls.withoutKey + calls.neverCompleted],
      ]) {
        reportFigure({
          id: `${id}.${what}`,
          label: `fault campaign, ${name}: ${what.replace("-", " ")}`,
          value: value,
          unit: "calls",
          goal: "0",
          check: "exact",
        });
      }
      reportFigure({
        id: `${id}.failed-calls`,
        label: `fault campaign, ${name}: calls that failed and were completed with their key`,
        value: calls.completedWithKey,
        unit: "calls",
        yardstick: `${calls.calls} calls`,
      });
    }
  } finally {
    await emulator.close();
  }
}
