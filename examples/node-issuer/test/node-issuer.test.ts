import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type Emulator, startEmulator } from "@credport/emulator";
import { createTestWallet } from "@credport/mock/wallet";
import { Credport } from "@credport/server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createIssuerApp } from "../src/issuer-app.mjs";

let emulator: Emulator;
let server: Server;
let appUrl: string;

beforeAll(async () => {
  emulator = await startEmulator();
  const credport = new Credport({ secretKey: emulator.keys.secretKey, baseUrl: emulator.url });
  await credport.credentialDefinitions.create({
    credentialDefinitionId: "badge",
    vct: "https://example.test/badge",
    title: "Badge",
    claims: [
      { path: ["given_name"], mandatory: true },
      { path: ["family_name"], mandatory: true },
    ],
  });
  server = createServer(
    createIssuerApp({
      credport,
      webhookSecret: emulator.keys.webhookSecret,
      credentialDefinitionId: "badge",
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await fetch(`${emulator.url}/__emulator/webhooks`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ projectId: emulator.projectId, url: `${appUrl}/webhooks` }),
  });
});

afterAll(async () => {
  server.close();
  await emulator.close();
});

it("issues an offer the test wallet redeems, and receives the signed webhooks", async () => {
  const created = await fetch(`${appUrl}/offers`, {
    method: "POST",
    body: JSON.stringify({ givenName: "Ada", familyName: "Lovelace" }),
  });
  expect(created.status).toBe(201);
  const offer = await created.json();
  const wallet = await createTestWallet();
  await wallet.acceptOffer(offer.offerUri);
  await emulator.model.webhooks.flush();
  const { data } = await (await fetch(`${appUrl}/events`)).json();
  expect(data.map((e: { type: string }) => e.type)).toEqual([
    "issuance.ready_to_issue",
    "issuance.token_issued",
    "issuance.credential_issued",
  ]);
});

it("refuses a forged webhook and a bad offer with typed error codes", async () => {
  const forged = await fetch(`${appUrl}/webhooks`, {
    method: "POST",
    headers: { "webhook-signature": `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}` },
    body: JSON.stringify({ type: "issuance.credential_issued" }),
  });
  expect([forged.status, (await forged.json()).error]).toEqual([400, "webhook_signature_mismatch"]);
  const bad = await fetch(`${appUrl}/offers`, {
    method: "POST",
    body: JSON.stringify({ givenName: "Ada" }),
  });
  expect([bad.status, (await bad.json()).error]).toEqual([400, "validation_error"]);
});
