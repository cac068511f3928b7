import { type Emulator, startEmulator } from "@credport/emulator";
import { createHandlers, createModel } from "@credport/mock";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** Test-mode hand-off: the create responses link to the emulator's wallet page, never for live keys. */
describe("test-mode hand-off links", () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startEmulator();
  });
  afterAll(() => emulator.close());

  const create = async (key: string, path: string, body: unknown) => {
    const response = await fetch(`${emulator.url}${path}`, {
      method: "POST",
      headers: { "x-service-key": key, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(201);
    return (await response.json()) as Record<string, string>;
  };
  const offerBody = {
    credentialDefinitionId: "credport.email.v1",
    claims: { email: "ada@example.test" },
  };

  it("an offer in a test environment carries testWalletUrl: the wallet page for its offerUri", async () => {
    const offer = await create(emulator.keys.secretKey, "/v1/openid4vc/issuance/offer", offerBody);
    const link = new URL(offer.testWalletUrl!);
    expect(link.origin + link.pathname).toBe(`${emulator.url}/wallet`);
    expect(link.searchParams.get("uri")).toBe(offer.offerUri);
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Credential offer");
  });

  it("a verification in a test environment carries test_wallet_url for its authorization_request_uri", async () => {
    const verification = await create(emulator.keys.secretKey, "/v1/verifications", {
      policy_id: "preset_age_over_18",
    });
    const link = new URL(verification.test_wallet_url!);
    expect(link.origin + link.pathname).toBe(`${emulator.url}/wallet`);
    expect(link.searchParams.get("uri")).toBe(verification.authorization_request_uri);
    expect(await (await fetch(link)).text()).toContain("Presentation request");
  });

  it("emulator.testWalletUrlOf(id) gives the link the create answer carried, for test records only", async () => {
    const offer = await create(emulator.keys.secretKey, "/v1/openid4vc/issuance/offer", offerBody);
    const verification = await create(emulator.keys.secretKey, "/v1/verifications", {
      policy_id: "preset_age_over_18",
    });
    expect(await emulator.testWalletUrlOf(offer.id!)).toBe(offer.testWalletUrl);
    expect(await emulator.testWalletUrlOf(verification.id!)).toBe(verification.test_wallet_url);
    const live = emulator.model.createProject({ environment: "live" });
    const liveOffer = await create(live.secretKey, "/v1/openid4vc/issuance/offer", offerBody);
    expect(await emulator.testWalletUrlOf(liveOffer.id!)).toBeUndefined();
    expect(await emulator.testWalletUrlOf("ver_unknown")).toBeUndefined();
  });

  it("never for live keys", async () => {
    const live = emulator.model.createProject({ environment: "live" });
    const offer = await create(live.secretKey, "/v1/openid4vc/issuance/offer", offerBody);
    const verification = await create(live.secretKey, "/v1/verifications", {
      policy_id: "preset_age_over_18",
    });
    expect(offer.offerUri).toMatch(/^openid-credential-offer:/);
    expect(offer).not.toHaveProperty("testWalletUrl");
    expect(verification.authorization_request_uri).toMatch(/^openid4vp:/);
    expect(verification).not.toHaveProperty("test_wallet_url");
    expect(JSON.stringify([offer, verification])).not.toContain("/wallet?");
  });

  it("not from the msw handlers, which serve no wallet page", async () => {
    const model = createModel();
    const { secretKey } = model.createProject();
    const server = setupServer(...createHandlers(model));
    server.listen({ onUnhandledRequest: "bypass" });
    try {
      const response = await fetch("https://api.credport.test/v1/openid4vc/issuance/offer", {
        method: "POST",
        headers: { "x-service-key": secretKey, "content-type": "application/json" },
        body: JSON.stringify(offerBody),
      });
      const offer = (await response.json()) as Record<string, string>;
      expect(offer.offerUri).toBeDefined();
      expect(offer).not.toHaveProperty("testWalletUrl");
    } finally {
      server.close();
    }
  });
});
