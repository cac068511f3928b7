import { type Emulator, startEmulator } from "@credport/emulator";
import { createTestWallet } from "@credport/mock/wallet";
import { SpanKind } from "@opentelemetry/api";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { afterAll, beforeAll, expect, it } from "vitest";
import { badgeClaims, badgeDefinition } from "../../../../test/service/test/support/transports.js";

const exporter = new InMemorySpanExporter();
const tracerProvider = new BasicTracerProvider({
  spanProcessors: [new SimpleSpanProcessor(exporter)],
});
let emulator: Emulator;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, telemetry: { tracerProvider } });
});
afterAll(() => emulator.close());

async function service(method: string, path: string, body?: unknown) {
  const response = await fetch(`${emulator.url}${path}`, {
    method,
    headers: { "x-service-key": emulator.keys.secretKey, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as Record<string, unknown>;
}

it("a SERVER span per protocol step a wallet takes and per API operation, without secrets", async () => {
  await service("POST", "/v1/issuer/credential-definitions", {
    ...badgeDefinition(),
    lifecycleStatus: "published",
  });
  const offer = await service("POST", "/v1/openid4vc/issuance/offer", {
    credentialDefinitionId: "badge-v1",
    claims: badgeClaims,
  });
  const wallet = await createTestWallet({ now: () => emulator.model.clock.now() });
  await wallet.acceptOffer(offer.offerUri as string);
  const policy = await service("POST", "/v1/policies", {
    name: "Badge",
    credential_definition_id: "badge-v1",
    fields: [{ path: ["given_name"] }],
  });
  const verification = await service("POST", "/v1/verifications", {
    policy_id: policy.policy_id,
  });
  await wallet.present(verification.authorization_request_uri as string);

  const spans = exporter.getFinishedSpans();
  const names = spans.map((s) => s.name);
  for (const step of [
    "createOffer",
    "oid4vci.offer_fetched",
    "oid4vci.token",
    "oid4vci.credential",
    "createVerification",
    "oid4vp.request_fetched",
    "oid4vp.response_received",
  ])
    expect(names, step).toContain(step);
  const response = spans.find((s) => s.name === "oid4vp.response_received")!;
  expect(response.kind).toBe(SpanKind.SERVER);
  expect(response.instrumentationScope.name).toBe("@credport/emulator");
  expect(response.attributes).toMatchObject({
    "http.request.method": "POST",
    "http.route": "/oid4vp/responses/{id}",
    "credport.protocol_step": "oid4vp.response_received",
    "http.response.status_code": 200,
  });
  const text = JSON.stringify(spans.map((s) => [s.name, s.attributes, s.events]));
  for (const secret of [
    emulator.keys.secretKey,
    emulator.keys.publishableKey,
    emulator.keys.webhookSecret,
    String(verification.client_token),
    "Lovelace",
  ])
    expect(text).not.toContain(secret);
});
