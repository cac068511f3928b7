// The set-up the face tests share: what the service holds, and the wallet page, before a person
// uses the pages.
import { badgeDefinition } from "../../../../../test/service/test/support/transports.js";
import type { JsonAnswer, PageClient } from "../../support/page-client.js";
import type { ServiceCall } from "../../support/service-call.js";

/** One request of a verification's `dc_api_requests`, as `navigator.credentials.get()` takes it. */
export type DcApiRequest = { protocol: string; data: Record<string, string> };

/**
 * Publishes the employee badge (`badge-v1`) and a "Badge holders" policy asking for `fields` (its
 * given and family name unless given); returns the policy's id.
 */
export async function publishBadgeHolders(
  service: ServiceCall,
  fields: { path: string[] }[] = [{ path: ["given_name"] }, { path: ["family_name"] }],
): Promise<string> {
  await service("POST", "/v1/issuer/credential-definitions", {
    ...badgeDefinition(),
    lifecycleStatus: "published",
  });
  const policy = await service("POST", "/v1/policies", {
    name: "Badge holders",
    credential_definition_id: "badge-v1",
    fields,
  });
  return policy.policy_id as string;
}

/** Offers an EU age attestation mdoc (age over 18) and takes it in this browser's wallet page. */
export async function takeMdocAgeAttestation(
  service: ServiceCall,
  browser: PageClient,
): Promise<void> {
  const offer = await service("POST", "/v1/openid4vc/issuance/offer", {
    credentialDefinitionId: "credport.age_verification.mdoc.v1",
    claims: { "eu.europa.ec.av.1": { age_over_18: true } },
  });
  await browser.get("/wallet");
  await browser.post("/wallet/accept", { uri: offer.offerUri as string });
}

/** A `preset_age_over_18` verification for the Digital Credentials API at these origins. */
export function dcApiVerification(service: ServiceCall, origins: string[]): Promise<JsonAnswer> {
  return service("POST", "/v1/verifications", {
    policy_id: "preset_age_over_18",
    expected_origins: origins,
  });
}

/** A verification's ISO 18013-7 Annex C requests (`org-iso-mdoc`), what Safari passes alone. */
export function annexCRequestsOf(verification: JsonAnswer): DcApiRequest[] {
  return (verification.dc_api_requests as DcApiRequest[]).filter(
    (r) => r.protocol === "org-iso-mdoc",
  );
}
