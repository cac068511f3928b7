import { startEmulator } from "@credport/emulator";
import { Credport } from "@credport/server";
import { expect, it } from "vitest";
// @ts-expect-error: a plain ESM script of `pnpm dev:next`, without types
import { logHandoffLinks } from "../scripts/handoff-links.mjs";

it("`pnpm dev:next` prints each offer's and verification's test wallet link, once, as the emulator answers them", async () => {
  const emulator = await startEmulator();
  const lines: string[] = [];
  const stop = logHandoffLinks(emulator, (line: string) => lines.push(line));
  try {
    const credport = new Credport({ secretKey: emulator.keys.secretKey, baseUrl: emulator.url });
    await credport.credentialDefinitions.create({
      credentialDefinitionId: "badge",
      vct: "https://example.test/vct/badge",
      title: "Badge",
      claims: [{ path: ["name"], mandatory: true }],
    });
    const offer = await credport.issuance.createOffer({
      credentialDefinitionId: "badge",
      claims: { name: "Ada" },
    });
    const verification = await credport.verifications.create({ policyId: "preset_age_over_18" });
    await credport.verifications.cancel(verification.id); // another change: nothing printed twice
    expect(lines).toEqual([
      `offer ${offer.id}: open in test wallet → ${offer.testWalletUrl}`,
      `verification ${verification.id}: open in test wallet → ${verification.testWalletUrl}`,
    ]);
  } finally {
    stop();
    await emulator.close();
  }
});
