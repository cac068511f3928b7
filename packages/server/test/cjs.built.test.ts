import { createRequire } from "node:module";
import { startEmulator } from "@credport/emulator";
import { describe, expect, it } from "vitest";

/** The CommonJS build, loaded with require() as a CJS user would, against the emulator. */
describe("built CJS entry", () => {
  it("creates a definition, an offer and verifies a webhook", async () => {
    const require = createRequire(import.meta.url);
    const server = require("@credport/server") as typeof import("@credport/server");
    expect(require.resolve("@credport/server")).toMatch(/dist\/index\.cjs$/);
    const emulator = await startEmulator();
    try {
      const credport = new server.Credport({
        secretKey: emulator.keys.secretKey,
        baseUrl: emulator.url,
      });
      await credport.credentialDefinitions.create({
        credentialDefinitionId: "cjs",
        vct: "https://example.test/cjs",
        title: "CJS",
        claims: [{ path: ["name"], mandatory: true }],
      });
      const offer = await credport.issuance.createOffer({
        credentialDefinitionId: "cjs",
        claims: { name: "Ada" },
      });
      expect(offer.status).toBe("offer_created");
      await credport.issuance.cancel(offer.id);
      const event = emulator.model.webhooks.events.at(-1)!;
      const verified = await credport.webhooks.verify(event, {
        secret: emulator.keys.webhookSecret,
      });
      expect(verified.type).toBe("issuance.canceled");
      const error = await credport.issuance.get("nope").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(server.CredportNotFoundError);
    } finally {
      await emulator.close();
    }
  });
});
