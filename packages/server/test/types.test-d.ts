/**
 * The client's public types are the wire contract's, in camelCase: written out as named
 * interfaces (src/types/), each held equal here to the contract's type with its keys camelCased,
 * so that a field added, removed or changed in the contract fails `pnpm typecheck`.
 */
import type {
  ClaimEntryInput,
  CreateCredentialDefinitionBody,
  CreatedVerificationWire,
  CreateOfferBody,
  CreatePolicyBody,
  CreateVerificationBody,
  CredentialDefinitionWire,
  DcApiRequestWire,
  DcApiResponseBody,
  FailureDetailWire,
  IssuanceOfferWire,
  IssuanceSessionWire,
  PolicyWire,
  TimelineWire,
  UpdateCredentialDefinitionBody,
  VerificationResultWire,
  VerificationStatusWire,
  VerificationWire,
} from "@credport/core/contract";
import type {
  ClaimEntry,
  CreatedVerification,
  CreateOfferInput,
  CreatePolicyInput,
  CreateVerificationInput,
  CredentialDefinition,
  CredentialDefinitionInput,
  CredentialDefinitionUpdate,
  Credport,
  DcApiRequest,
  DcApiResponse,
  FailureDetail,
  IssuanceOffer,
  IssuanceSession,
  Policy,
  Timeline,
  Verification,
  VerificationResult,
  VerificationStatus,
  WebhookEvent,
} from "@credport/server";
import { expectTypeOf, test } from "vitest";
import type { CamelCased } from "../src/wire.js";

type Returned<F> = F extends (...args: never[]) => Promise<infer R> ? R : never;

test("resources return the contract's types, camelCased", () => {
  expectTypeOf<CredentialDefinition>().toEqualTypeOf<CredentialDefinitionWire>();
  expectTypeOf<IssuanceOffer>().toEqualTypeOf<IssuanceOfferWire>();
  expectTypeOf<IssuanceSession>().toEqualTypeOf<IssuanceSessionWire>();
  expectTypeOf<ClaimEntry>().toEqualTypeOf<ClaimEntryInput>();
  expectTypeOf<CredentialDefinitionInput>().toEqualTypeOf<
    Omit<CreateCredentialDefinitionBody, "lifecycleStatus">
  >();
  expectTypeOf<CredentialDefinitionUpdate>().toEqualTypeOf<
    Omit<UpdateCredentialDefinitionBody, "credentialDefinitionId" | "lifecycleStatus">
  >();
  expectTypeOf<CreateOfferInput>().toEqualTypeOf<
    Omit<CreateOfferBody, "credentialDefinitionId" | "vct"> &
      (
        | { credentialDefinitionId: string; vct?: never }
        | { vct: string; credentialDefinitionId?: never }
      )
  >();
  expectTypeOf<Policy>().toEqualTypeOf<CamelCased<PolicyWire>>();
  expectTypeOf<Verification>().toEqualTypeOf<CamelCased<VerificationWire>>();
  expectTypeOf<CreatedVerification>().toEqualTypeOf<CamelCased<CreatedVerificationWire>>();
  expectTypeOf<VerificationStatus>().toEqualTypeOf<CamelCased<VerificationStatusWire>>();
  expectTypeOf<VerificationResult>().toEqualTypeOf<CamelCased<VerificationResultWire>>();
  expectTypeOf<CreateVerificationInput>().toEqualTypeOf<CamelCased<CreateVerificationBody>>();
  expectTypeOf<DcApiRequest>().toEqualTypeOf<DcApiRequestWire>();
  expectTypeOf<DcApiResponse>().toEqualTypeOf<DcApiResponseBody>();
  expectTypeOf<CreatePolicyInput>().toEqualTypeOf<
    CamelCased<Omit<CreatePolicyBody, "credential_definition_id" | "vct">> &
      (
        | { credentialDefinitionId: string; vct?: never }
        | { vct: string; credentialDefinitionId?: never }
      )
  >();

  expectTypeOf<Returned<Credport["policies"]["get"]>>().toEqualTypeOf<Policy>();
  expectTypeOf<
    Returned<Credport["verifications"]["create"]>
  >().toEqualTypeOf<CreatedVerification>();
  expectTypeOf<
    Returned<Credport["verifications"]["getResult"]>
  >().toEqualTypeOf<VerificationResult>();
  expectTypeOf<Returned<Credport["issuance"]["createOffer"]>>().toEqualTypeOf<IssuanceOffer>();
  expectTypeOf<Timeline>().toEqualTypeOf<TimelineWire>();
  expectTypeOf<Returned<Credport["verifications"]["timeline"]>>().toEqualTypeOf<Timeline>();
  expectTypeOf<Returned<Credport["issuance"]["timeline"]>>().toEqualTypeOf<Timeline>();
});

test("failureDetail: on server reads of a verification, its result and an issuance session; never on the status", () => {
  expectTypeOf<FailureDetail>().toEqualTypeOf<FailureDetailWire>();
  for (const detail of [
    {} as NonNullable<Verification["failureDetail"]>,
    {} as NonNullable<VerificationResult["failureDetail"]>,
    {} as NonNullable<IssuanceSession["failureDetail"]>,
  ]) {
    expectTypeOf(detail).toEqualTypeOf<FailureDetail>();
    expectTypeOf(detail.path).toEqualTypeOf<string[] | undefined>();
    // The known words complete in editors; a newer service's word is still a string.
    expectTypeOf<"nonce">().toMatchTypeOf<typeof detail.check>();
    expectTypeOf<"a_newer_check">().toMatchTypeOf<typeof detail.check>();
  }
  expectTypeOf<VerificationStatus>().not.toHaveProperty("failureDetail");
  expectTypeOf<Verification>().not.toHaveProperty("failure_detail");
});

test("one casing on the TypeScript side", () => {
  expectTypeOf<Verification>().toHaveProperty("customerUserRef").toEqualTypeOf<string | null>();
  expectTypeOf<Verification>().not.toHaveProperty("customer_user_ref");
  expectTypeOf<Policy>().toHaveProperty("policyId").toEqualTypeOf<string>();
  expectTypeOf<CreatedVerification>().toHaveProperty("clientToken").toEqualTypeOf<string>();
  expectTypeOf<CreatedVerification>()
    .toHaveProperty("testWalletUrl")
    .toEqualTypeOf<string | undefined>();
  expectTypeOf<CreatedVerification>().not.toHaveProperty("test_wallet_url");
  expectTypeOf<IssuanceOffer>().toHaveProperty("testWalletUrl").toEqualTypeOf<string | undefined>();
  expectTypeOf<VerificationResult>().toHaveProperty("resultToken").toEqualTypeOf<string>();
});

test("createOffer takes exactly one of credentialDefinitionId and vct", () => {
  expectTypeOf({ credentialDefinitionId: "a", claims: {} }).toMatchTypeOf<CreateOfferInput>();
  expectTypeOf({ vct: "v", claims: {} }).toMatchTypeOf<CreateOfferInput>();
  expectTypeOf({
    credentialDefinitionId: "a",
    vct: "v",
    claims: {},
  }).not.toMatchTypeOf<CreateOfferInput>();
});

test("event.type narrows data.object", () => {
  const handle = (event: WebhookEvent) => {
    if (event.type === "verification.verified") {
      expectTypeOf(event.data.object).toEqualTypeOf<Verification>();
      expectTypeOf(event.data.object.policyId).toEqualTypeOf<string>();
    } else if (event.type === "issuance.credential_issued") {
      expectTypeOf(event.data.object.credentialDefinitionId).toEqualTypeOf<string>();
      expectTypeOf(event.data.object).not.toHaveProperty("policyId");
    }
  };
  expectTypeOf(handle).parameter(0).toEqualTypeOf<WebhookEvent>();
});
