import { createTestWallet, type HeldSdJwtVc } from "@credport/mock/wallet";
import { getListFromStatusListJWT } from "@sd-jwt/jwt-status-list";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { badgeClaims, badgeDefinition } from "../support/transports.js";
import { type Issuer, PRE_AUTHORIZED_GRANT, send, startIssuer } from "./raw-protocol.js";

/** The documents wallets read: issuer metadata, the offer, the status list and the issuer's keys. */
describe("issuer documents", () => {
  let issuer: Issuer;
  beforeAll(async () => {
    issuer = await startIssuer({ profile: "plain" });
  });
  afterAll(() => issuer.close());

  const metadataOf = async (issuerUrl: string) => {
    const url = new URL(issuerUrl);
    return (await send(`${url.origin}/.well-known/openid-credential-issuer${url.pathname}`))
      .body as {
      credential_configurations_supported: Record<string, unknown>;
    };
  };

  it("issuer metadata lists every published definition, beyond any page size, and wallets redeem offers of the oldest", async () => {
    for (let i = 0; i < 105; i++) {
      const created = await issuer.service("POST", "/v1/issuer/credential-definitions", {
        ...badgeDefinition(`bulk-${i}`),
        lifecycleStatus: "published",
      });
      expect(created.status).toBe(201);
    }
    await issuer.service("POST", "/v1/issuer/credential-definitions", badgeDefinition("a-draft"));
    const offer = await issuer.offer({ credentialDefinitionId: "bulk-0" });
    const ids = Object.keys((await metadataOf(offer.issuer)).credential_configurations_supported);
    expect(ids).toHaveLength(105 + 1 + 4); // the bulk ones, badge-v1, and the four global ones (two mdocs)
    expect(ids).toEqual(
      expect.arrayContaining([
        "bulk-0",
        "bulk-104",
        "badge-v1",
        "credport.identity.v1",
        "credport.email.v1",
      ]),
    );
    expect(ids).not.toContain("a-draft");

    const wallet = await createTestWallet();
    const created = await issuer.service("POST", "/v1/openid4vc/issuance/offer", {
      credentialDefinitionId: "bulk-0",
      claims: badgeClaims,
    });
    const held = await wallet.acceptOffer(created.body.offerUri as string);
    expect((held as HeldSdJwtVc).vct).toBe("https://example.test/vct/bulk-0");
  }, 30_000);

  it("the test wallet refuses an offer whose configuration the issuer metadata does not list", async () => {
    const created = await issuer.service("POST", "/v1/openid4vc/issuance/offer", {
      credentialDefinitionId: "badge-v1",
      claims: badgeClaims,
    });
    const wallet = await createTestWallet({
      // What a wallet sees from an issuer whose metadata forgot a configuration.
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        if (!String(input).includes("/.well-known/openid-credential-issuer")) return response;
        const metadata = (await response.json()) as {
          credential_configurations_supported: Record<string, unknown>;
        };
        delete metadata.credential_configurations_supported["badge-v1"];
        return Response.json(metadata);
      },
    });
    await expect(wallet.acceptOffer(created.body.offerUri as string)).rejects.toThrow(
      /badge-v1.*not in the issuer metadata/,
    );
  });

  it("authorization server metadata has every member RFC 8414 §2 requires, at both well-known places", async () => {
    const offer = await issuer.offer();
    const url = new URL(offer.issuer);
    for (const place of [
      `${url.origin}/.well-known/oauth-authorization-server${url.pathname}`,
      `${offer.issuer}/.well-known/oauth-authorization-server`,
    ]) {
      const metadata = await send(place);
      expect(metadata.status).toBe(200);
      expect(metadata.body.issuer).toBe(offer.issuer);
      // REQUIRED; no authorization endpoint, so no response type: an empty list says so.
      expect(metadata.body.response_types_supported).toEqual([]);
      expect(metadata.body.grant_types_supported).toEqual([PRE_AUTHORIZED_GRANT]);
    }
  });

  it("jwt-vc-issuer metadata and the issuer JWKS carry cache headers", async () => {
    const offer = await issuer.offer();
    const url = new URL(offer.issuer);
    const jwtVcIssuer = await send(`${url.origin}/.well-known/jwt-vc-issuer${url.pathname}`);
    expect(jwtVcIssuer.status).toBe(200);
    expect(jwtVcIssuer.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
    const jwks = await send(jwtVcIssuer.body.jwks_uri as string);
    expect(jwks.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
  });

  it("the offer stays readable for the offer's life: wallets may fetch it again after the token", async () => {
    const offer = await issuer.offer();
    const first = await send(offer.offerUrl);
    const token = await issuer.token(offer.issuer, {
      grant_type: PRE_AUTHORIZED_GRANT,
      "pre-authorized_code": offer.code,
    });
    expect(token.status).toBe(200);
    const again = await send(offer.offerUrl);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("cache-control")).toBe("no-store");

    await issuer.service("POST", `/v1/openid4vc/issuance/${offer.id}/cancel`);
    const canceled = await send(offer.offerUrl);
    expect(canceled.status).toBe(400);
    expect(canceled.body.error).toBe("invalid_request");

    const expiring = await issuer.offer();
    issuer.model.clock.advance(15 * 60 * 1000);
    expect((await send(expiring.offerUrl)).status).toBe(400);
  });

  it("status list indices are unpredictable: consecutive issuances are not consecutive indices, and none is reused", async () => {
    const tenant = { projectId: issuer.emulator.projectId, environment: "test" as const };
    const before = new Set(issuer.model.issuance.records.map((r) => r.statusListIndex));
    const wallet = await createTestWallet();
    const indices: number[] = [];
    for (let i = 0; i < 20; i++) {
      const created = await issuer.service("POST", "/v1/openid4vc/issuance/offer", {
        credentialDefinitionId: "badge-v1",
        claims: badgeClaims,
      });
      const held = await wallet.acceptOffer(created.body.offerUri as string);
      indices.push(
        (
          decodeJwt((held as HeldSdJwtVc).sdJwt.split("~")[0]!).status as {
            status_list: { idx: number };
          }
        ).status_list.idx,
      );
    }
    // Sequential allocation would make every step +1; a random one almost never does.
    const steps = indices.slice(1).map((idx, i) => idx - indices[i]!);
    expect(steps.filter((step) => step === 1).length).toBeLessThan(3);
    expect(new Set(indices).size).toBe(indices.length);
    for (const idx of indices) expect(before.has(idx)).toBe(false);
    // Offers made straight on the model draw from the same pool: still no index twice.
    for (let i = 0; i < 2_000; i++)
      issuer.model.issuance.createOffer(tenant, {
        credentialDefinitionId: "badge-v1",
        claims: badgeClaims,
      });
    const all = issuer.model.issuance.records
      .filter((r) => r.tenant.projectId === tenant.projectId)
      .map((r) => r.statusListIndex);
    expect(new Set(all).size).toBe(all.length);
  });

  it("the status list grows past 16,384 credentials, and revocation still reaches the credential", async () => {
    const tenant = { projectId: issuer.emulator.projectId, environment: "test" as const };
    for (let i = 0; i < 16_400; i++)
      issuer.model.issuance.createOffer(tenant, {
        credentialDefinitionId: "badge-v1",
        claims: badgeClaims,
      });
    const wallet = await createTestWallet();
    const created = await issuer.service("POST", "/v1/openid4vc/issuance/offer", {
      credentialDefinitionId: "badge-v1",
      claims: badgeClaims,
    });
    const held = await wallet.acceptOffer(created.body.offerUri as string);
    const { idx, uri } = (
      decodeJwt((held as HeldSdJwtVc).sdJwt.split("~")[0]!).status as {
        status_list: { idx: number; uri: string };
      }
    ).status_list;
    await issuer.service("POST", `/v1/openid4vc/issuance/${created.body.id}/revoke`);

    const token = await send(uri);
    expect(token.status).toBe(200);
    const list = getListFromStatusListJWT(token.text);
    // Kept at most half full, so that a random free index is quick to find and hard to guess.
    const issued = issuer.model.issuance.records.length;
    expect(list.statusList.length).toBeGreaterThanOrEqual(2 * issued);
    expect(list.getStatus(idx)).toBe(1);
    const other = issuer.model.issuance.records.find(
      (r) => r.statusListIndex !== idx && r.credentialStatus !== "revoked",
    )!;
    expect(list.getStatus(other.statusListIndex)).toBe(0);

    const verification = await issuer.service("POST", "/v1/verifications", {
      policy_id: (
        await issuer.service("POST", "/v1/policies", {
          name: "Badge",
          credential_definition_id: "badge-v1",
          fields: [{ path: ["given_name"] }],
        })
      ).body.policy_id,
    });
    await wallet.present(verification.body.authorization_request_uri as string);
    const status = await issuer.service("GET", `/v1/verifications/${verification.body.id}`);
    expect(status.body).toMatchObject({ status: "failed", failure_code: "credential_revoked" });
  }, 30_000);
});
