import { createModel } from "@credport/mock";
import { createTestWallet, type HeldSdJwtVc } from "@credport/mock/wallet";
import { decodeJwt, decodeProtectedHeader } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ALL_TRANSPORTS,
  badgeClaims,
  badgeDefinition,
  TRANSPORTS,
} from "../support/transports.js";

/** What the test wallet sent: method, path, and the headers that tell the flow apart. */
interface Sent {
  method: string;
  path: string;
  authorization: string | null;
  dpop: string | null;
  body: string;
}

/** A test wallet whose every request is logged. */
async function walletAndLog() {
  const sent: Sent[] = [];
  const wallet = await createTestWallet({
    fetch: async (input, init = {}) => {
      const headers = new Headers(init.headers);
      sent.push({
        method: init.method ?? "GET",
        path: new URL(String(input)).pathname,
        authorization: headers.get("authorization"),
        dpop: headers.get("dpop"),
        body: init.body ? String(init.body) : "",
      });
      return fetch(input, init);
    },
  });
  return { wallet, sent };
}

/** A service whose model runs `profile`, with the badge definition published. */
async function issuerUnder(transport: (typeof ALL_TRANSPORTS)[number], profile: "haip" | "plain") {
  const service = await transport.start({ model: createModel({ profile }) });
  await service.call("POST", "/v1/issuer/credential-definitions", {
    body: { ...badgeDefinition(), lifecycleStatus: "published" },
  });
  return {
    service,
    async offer(extra: Record<string, unknown> = {}) {
      const created = await service.call("POST", "/v1/openid4vc/issuance/offer", {
        body: { credentialDefinitionId: "badge-v1", claims: badgeClaims, ...extra },
      });
      return created.body as Record<string, string>;
    },
    statusOf: async (id: string) =>
      (await service.call("GET", `/v1/openid4vc/issuance/${id}`)).body.status,
  };
}

/** The test wallet speaks both profiles: HAIP's authorization code flow with DPoP, and plain's. */
describe.each(TRANSPORTS)("the test wallet under haip ($name)", (transport) => {
  let issuer: Awaited<ReturnType<typeof issuerUnder>>;
  beforeAll(async () => {
    issuer = await issuerUnder(transport, "haip");
  });
  afterAll(() => issuer.service.close());
  const offer = (extra?: Record<string, unknown>) => issuer.offer(extra);
  const statusOf = (id: string) => issuer.statusOf(id);

  it("haip: PAR, authorization code with PKCE S256, DPoP-bound token and credential request", async () => {
    const created = await offer();
    const { wallet, sent } = await walletAndLog();
    const credential = await wallet.acceptOffer(created.offerUri!);
    expect(decodeJwt((credential as HeldSdJwtVc).sdJwt.split("~")[0]!).cnf).toEqual({
      jwk: wallet.publicJwk,
    });
    expect(await statusOf(created.id!)).toBe("credential_issued");
    const paths = sent.map((s) => `${s.method} ${s.path.replace(/.*\/issuers\/[^/]+/, "")}`);
    expect(paths).toEqual(
      expect.arrayContaining(["POST /par", "GET /authorize", "POST /token", "POST /credential"]),
    );
    const par = sent.find((s) => s.path.endsWith("/par"))!;
    expect(new URLSearchParams(par.body).get("code_challenge_method")).toBe("S256");
    const token = sent.filter((s) => s.path.endsWith("/token")).at(-1)!;
    expect(new URLSearchParams(token.body).get("grant_type")).toBe("authorization_code");
    expect(decodeProtectedHeader(token.dpop!).typ).toBe("dpop+jwt");
    const request = sent.filter((s) => s.path.endsWith("/credential")).at(-1)!;
    expect(request.authorization).toMatch(/^DPoP /);
    expect(decodeJwt(request.dpop!).ath).toEqual(expect.any(String));
  });

  it("haip: { flow: 'pre-authorized_code' }, and any offer with a tx_code, take the pre-authorized code with DPoP", async () => {
    const created = await offer({ txCode: { length: 4 } });
    const { wallet, sent } = await walletAndLog();
    await wallet.acceptOffer(created.offerUri!, { txCode: created.txCode });
    const chosen = await offer();
    await wallet.acceptOffer(chosen.offerUri!, { flow: "pre-authorized_code" });
    expect(await statusOf(created.id!)).toBe("credential_issued");
    expect(await statusOf(chosen.id!)).toBe("credential_issued");
    expect(sent.some((s) => s.path.endsWith("/par"))).toBe(false);
    const tokens = sent.filter((s) => s.path.endsWith("/token") && s.dpop !== null);
    expect(tokens.length).toBeGreaterThanOrEqual(2);
  });
});

// Over HTTP only: wherever this tier runs the emulator.
describe.each(TRANSPORTS.filter((t) => t.name === "emulator"))(
  "the test wallet under plain ($name)",
  (transport) => {
    let issuer: Awaited<ReturnType<typeof issuerUnder>>;
    beforeAll(async () => {
      issuer = await issuerUnder(transport, "plain");
    });
    afterAll(() => issuer.service.close());
    const offer = (extra?: Record<string, unknown>) => issuer.offer(extra);
    const statusOf = (id: string) => issuer.statusOf(id);

    it("plain: the pre-authorized code with a Bearer token, no DPoP, as before", async () => {
      const created = await offer();
      const { wallet, sent } = await walletAndLog();
      await wallet.acceptOffer(created.offerUri!);
      expect(await statusOf(created.id!)).toBe("credential_issued");
      expect(sent.every((s) => s.dpop === null)).toBe(true);
      expect(sent.some((s) => s.path.endsWith("/par"))).toBe(false);
      expect(sent.find((s) => s.path.endsWith("/credential"))!.authorization).toMatch(/^Bearer /);
      await expect(
        wallet.acceptOffer((await offer()).offerUri!, { flow: "authorization_code" }),
      ).rejects.toThrow(/no authorization code flow/);
    });
  },
);
