import { createModel } from "@credport/mock";
import { createTestWallet } from "@credport/mock/wallet";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Created,
  createVerification,
  ORIGIN,
  openid4vpProtocol,
  postDcApiAnswer,
  TRANSPORT_PROFILES,
  walletHolding,
} from "../support/dc-api-harness.js";
import type { Service } from "../support/transports.js";

const AV = "eu.europa.ec.av.1";
const MDL = "org.iso.18013.5.1";

/**
 * `preset_age_over_18` accepts either format (api-decisions.md, "mdoc credentials"): an SD-JWT VC
 * with `age_over_18`, or an mdoc of `eu.europa.ec.av.1`, `eu.europa.ec.eudi.pid.1` or
 * `org.iso.18013.5.1.mDL` with it — one of them, by DCQL `credential_sets` — the value `true`.
 */
describe.each(TRANSPORT_PROFILES)(
  "preset_age_over_18 with either format ($transport.name, $profile)",
  ({ transport, profile }) => {
    let service: Service;
    const haip = profile === "haip";
    const openid4vp = openid4vpProtocol(profile);

    beforeAll(async () => {
      service = await transport.start({ model: createModel({ profile }) });
    });
    afterAll(() => service.close());

    const holding = (definition: string, claims: Record<string, unknown>) =>
      walletHolding(service, definition, claims, { identity: false });
    const avHolder = (ageOver18: boolean) =>
      holding("credport.age_verification.mdoc.v1", { [AV]: { age_over_18: ageOver18 } });
    const mdlHolder = (ageOver18: boolean) =>
      holding("credport.mdl.v1", {
        [MDL]: {
          family_name: "Lovelace",
          given_name: "Ada",
          birth_date: "1815-12-10",
          age_over_18: ageOver18,
          issuing_country: "GB",
          document_number: "D-1",
          expiry_date: "2040-01-01",
        },
      });
    const create = (expectedOrigins?: string[]) =>
      createVerification(service, {
        policy_id: "preset_age_over_18",
        ...(expectedOrigins ? { expected_origins: expectedOrigins } : {}),
      });
    const result = async (id: string) =>
      (await service.call("GET", `/v1/verifications/${id}/result`)).body;
    const post = (created: Created, body: unknown) => postDcApiAnswer(service, created, body);

    it("the DCQL query offers the SD-JWT VC or an mdoc of each doctype, one of them enough", async () => {
      const created = await create([ORIGIN]);
      const request = created.dc_api_requests!.find((r) => r.protocol === openid4vp)!;
      const params = haip ? decodeJwt(request.data.request as string) : request.data;
      const query = params.dcql_query as {
        credentials: {
          id: string;
          format: string;
          meta: Record<string, unknown>;
          claims: unknown[];
        }[];
        credential_sets: { options: string[][] }[];
      };
      expect(
        query.credentials.map((c) => [c.format, c.meta.vct_values ?? c.meta.doctype_value]),
      ).toEqual([
        ["dc+sd-jwt", ["https://credport.dev/vct/identity/v1"]],
        ["mso_mdoc", AV],
        ["mso_mdoc", "eu.europa.ec.eudi.pid.1"],
        ["mso_mdoc", "org.iso.18013.5.1.mDL"],
      ]);
      expect(query.credentials[2]!.claims).toEqual([
        {
          path: ["eu.europa.ec.eudi.pid.1", "age_over_18"],
          values: [true],
          intent_to_retain: false,
        },
      ]);
      expect(query.credential_sets).toEqual([
        { options: query.credentials.map((c) => [c.id]), required: true },
      ]);
      expect(params.client_metadata).toMatchObject({
        vp_formats_supported: { "dc+sd-jwt": expect.any(Object), mso_mdoc: expect.any(Object) },
      });
      // Annex C asks for the three doctypes.
      expect(created.dc_api_requests!.map((r) => r.protocol)).toEqual([openid4vp, "org-iso-mdoc"]);
    });

    it("redirect: an EU age attestation verifies, and an mDL; their claims keep their namespaces", async () => {
      const av = await create();
      await (await avHolder(true)).present(av.authorization_request_uri);
      expect(await result(av.id)).toMatchObject({
        status: "verified",
        claims: { [AV]: { age_over_18: true } },
      });
      const mdl = await create();
      await (await mdlHolder(true)).present(mdl.authorization_request_uri);
      expect(await result(mdl.id)).toMatchObject({
        status: "verified",
        claims: { [MDL]: { age_over_18: true } },
      });
      // Only age_over_18 is asked for, and only it is disclosed.
      expect((await result(mdl.id)).claims).toEqual({ [MDL]: { age_over_18: true } });
    });

    it("redirect: an mDL saying age_over_18 false fails claims_not_satisfied", async () => {
      const created = await create();
      await (await mdlHolder(false)).present(created.authorization_request_uri);
      expect(await result(created.id)).toMatchObject({
        status: "failed",
        failure_code: "claims_not_satisfied",
      });
    });

    it.each([[() => openid4vp], [() => "org-iso-mdoc"]])(
      "DC API (%#): an EU age attestation verifies; age_over_18 false fails",
      async (protocolOf) => {
        const created = await create([ORIGIN]);
        const answer = await (await avHolder(true)).answerDcApiRequest(created.dc_api_requests!, {
          origin: ORIGIN,
          protocol: protocolOf(),
        });
        expect((await post(created, answer)).body.status).toBe("verified");
        expect((await result(created.id)).claims).toEqual({ [AV]: { age_over_18: true } });

        const minor = await create([ORIGIN]);
        const refused = await (await mdlHolder(false)).answerDcApiRequest(minor.dc_api_requests!, {
          origin: ORIGIN,
          protocol: protocolOf(),
        });
        expect((await post(minor, refused)).body).toMatchObject({
          status: "failed",
          failure_code: "claims_not_satisfied",
        });
      },
    );

    it("the SD-JWT identity still answers it", async () => {
      const created = await create();
      const wallet = await createTestWallet();
      await wallet.present(created.authorization_request_uri);
      expect((await result(created.id)).claims).toEqual({ age_over_18: true });
    });
  },
);
