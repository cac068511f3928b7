import type { ProtocolProfile } from "@credport/mock";
import { createTestWallet, type TestWallet } from "@credport/mock/wallet";
import { expect } from "vitest";
import { type Answer, type Service, TRANSPORTS } from "./transports.js";

/** The page that asks: what the browser reports to the wallet, and what the service expects. */
export const ORIGIN = "https://shop.example";
/** A second page of the same customer, for answers bound to another origin. */
export const OTHER_ORIGIN = "https://other-shop.example";

/** A created verification, as the DC API suites read it. */
export type Created = {
  id: string;
  client_token: string;
  authorization_request_uri: string;
  dc_api_requests?: { protocol: string; data: Record<string, unknown> }[];
};

/** Every transport under both profiles: the rows a DC API suite's `describe.each` runs. */
export const TRANSPORT_PROFILES: {
  transport: (typeof TRANSPORTS)[number];
  profile: ProtocolProfile;
}[] = TRANSPORTS.flatMap((transport) =>
  (["haip", "plain"] as ProtocolProfile[]).map((profile) => ({ transport, profile })),
);

/** The OpenID4VP protocol a profile offers over the DC API: signed requests under HAIP. */
export const openid4vpProtocol = (profile: ProtocolProfile) =>
  profile === "haip" ? "openid4vp-v1-signed" : "openid4vp-v1-unsigned";

/** `POST /v1/verifications`, checked to have been created. */
export async function createVerification(
  service: Service,
  body: Record<string, unknown>,
): Promise<Created> {
  const answer = await service.call("POST", "/v1/verifications", { body });
  expect(answer.status).toBe(201);
  return answer.body as unknown as Created;
}

/** What the page does with what `get()` resolved with: post it with the client token. */
export function postDcApiAnswer(
  service: Service,
  created: Created,
  body: unknown,
  auth: { token?: string; pk?: string } = {},
): Promise<Answer> {
  return service.call("POST", `/v1/verifications/${created.id}/dc-api-response`, {
    key: null,
    ...(typeof body === "string" ? { raw: body } : { body }),
    headers: {
      authorization: `Bearer ${auth.token ?? created.client_token}`,
      "x-publishable-key": auth.pk ?? service.project.publishableKey,
    },
  });
}

/** A test wallet that accepted an offer of `definition` with these claims. */
export async function walletHolding(
  service: Service,
  definition: string,
  claims: Record<string, unknown>,
  options: Parameters<typeof createTestWallet>[0] = {},
): Promise<TestWallet> {
  const wallet = await createTestWallet(options);
  const offer = await service.call("POST", "/v1/openid4vc/issuance/offer", {
    body: { credentialDefinitionId: definition, claims },
  });
  expect(offer.status).toBe(201);
  await wallet.acceptOffer(offer.body.offerUri as string);
  return wallet;
}
