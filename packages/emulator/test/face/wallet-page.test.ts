import { type Emulator, startEmulator } from "@credport/emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PageClient, pageClient, visibleText } from "../support/page-client.js";
import { type ServiceCall, serviceCall } from "../support/service-call.js";
import {
  annexCRequestsOf,
  dcApiVerification,
  publishBadgeHolders,
  takeMdocAgeAttestation,
} from "./support/face-setup.js";

/**
 * The wallet page is the test wallet's second face: a person clicks, the same wallet acts over the
 * public OpenID4VCI / OpenID4VP endpoints, and the service changes exactly as with any wallet.
 */
describe("the test wallet page", () => {
  let emulator: Emulator;
  let service: ServiceCall;
  const offer = (body: Record<string, unknown> = {}) =>
    service("POST", "/v1/openid4vc/issuance/offer", {
      credentialDefinitionId: "badge-v1",
      claims: { given_name: "Ada", family_name: "Lovelace", address: { locality: "London" } },
      ...body,
    });
  const events = async (id: string) =>
    emulator.model.webhooks.events
      .filter((r) => (r.event.data.object as { id: string }).id === id)
      .map((r) => r.event.type);

  beforeAll(async () => {
    emulator = await startEmulator();
    service = serviceCall(emulator);
    await publishBadgeHolders(service);
  });
  afterAll(() => emulator.close());

  it("says what an offer holds, accepts it over OpenID4VCI, and lists the credential", async () => {
    const browser = pageClient(emulator.url);
    const created = await offer();
    const page = await browser.get(created.testWalletUrl);
    expect(page.status).toBe(200);
    expect(browser.cookie).toMatch(/^credport_test_wallet=\w{32}$/);
    expect(page.headers.get("set-cookie")).toMatch(/HttpOnly/i);
    const text = visibleText(page.text);
    expect(text).toContain("Credport emulator issuer offers you a credential");
    expect(text).toContain("Employee badge");
    expect(text).toContain("https://example.test/vct/badge-v1");
    expect(text).toContain("Given name"); // the claim's display name
    // Like any wallet, reading the offer is what moves it on.
    expect((await service("GET", `/v1/openid4vc/issuance/${created.id}`)).status).toBe(
      "ready_to_issue",
    );

    const accepted = await browser.post("/wallet/accept", { uri: created.offerUri });
    expect(accepted.location).toBe("/wallet");
    const after = visibleText(accepted.text);
    expect(after).toContain("Employee badge added to your wallet");
    expect(after).toContain(`${created.id} is now credential_issued`);
    expect(after).toContain("Lovelace"); // the held credential's claims are listed
    expect((await service("GET", `/v1/openid4vc/issuance/${created.id}`)).status).toBe(
      "credential_issued",
    );
    expect(await events(created.id)).toEqual([
      "issuance.ready_to_issue",
      "issuance.token_issued",
      "issuance.credential_issued",
    ]);
  });

  it("asks for the transaction code an offer needs; a wrong one counts, the right one issues", async () => {
    const browser = pageClient(emulator.url);
    const created = await offer({ txCode: { length: 6 } });
    const page = await browser.get(created.testWalletUrl);
    expect(page.text).toMatch(/<input id="tx_code" name="tx_code"[^>]*required/);
    expect(visibleText(page.text)).toContain("6 digits");

    const wrong = created.txCode === "000000" ? "111111" : "000000";
    const refused = await browser.post("/wallet/accept", { uri: created.offerUri, tx_code: wrong });
    expect(refused.location).toBe(`/wallet?uri=${encodeURIComponent(created.offerUri)}`);
    expect(visibleText(refused.text)).toContain("The credential was not issued");
    expect(visibleText(refused.text)).toContain("invalid_grant");
    expect(emulator.model.issuance.findForProtocol(created.id)?.txCodeAttempts).toBe(1);

    const issued = await browser.post("/wallet/accept", {
      uri: created.offerUri,
      tx_code: created.txCode,
    });
    expect(visibleText(issued.text)).toContain("is now credential_issued");
  });

  describe("answers a presentation request", () => {
    let browser: PageClient;
    let policyId: string;
    beforeAll(async () => {
      browser = pageClient(emulator.url);
      policyId = (await service("GET", "/v1/policies")).data[0].policy_id;
      const created = await offer();
      await browser.get(created.testWalletUrl);
      await browser.post("/wallet/accept", { uri: created.offerUri });
    });
    const verification = () => service("POST", "/v1/verifications", { policy_id: policyId });
    const outcome = async (id: string) => {
      const record = emulator.model.verifications.findForProtocol(id)!;
      return { status: record.status, failureCode: record.failureCode };
    };
    const fields = [JSON.stringify(["given_name"]), JSON.stringify(["family_name"])];

    it("shows the verifier, the fields asked for and the values it would share", async () => {
      const created = await verification();
      const page = visibleText((await browser.get(created.test_wallet_url)).text);
      expect(page).toContain(
        `The verifier at ${new URL(emulator.url).host} asks you to share 2 fields`,
      );
      const { projectId } = emulator.model.verifications.findForProtocol(created.id)!.tenant;
      expect(page).toContain(`Asked by project ${projectId} (test).`);
      expect(page).toContain("From your Employee badge");
      expect(page).toMatch(/Given name Ada/);
      expect(page).toMatch(/Family name Lovelace/);
      expect((await outcome(created.id)).status).toBe("in_progress");
    });

    it("shares every field: verified, with the webhooks of any wallet", async () => {
      const created = await verification();
      await browser.get(created.test_wallet_url);
      const done = await browser.post("/wallet/present", {
        uri: created.authorization_request_uri,
        share: fields,
        decision: "share",
      });
      expect(visibleText(done.text)).toContain(
        `Shared with the verifier Verification ${created.id} is now verified.`,
      );
      expect(await outcome(created.id)).toEqual({ status: "verified", failureCode: undefined });
      expect(await events(created.id)).toEqual([
        "verification.in_progress",
        "verification.verified",
      ]);
      const result = await service("GET", `/v1/verifications/${created.id}/result`);
      expect(result.claims).toEqual({ given_name: "Ada", family_name: "Lovelace" });
    });

    it("leaves out an unticked field: claims_missing", async () => {
      const created = await verification();
      const done = await browser.post("/wallet/present", {
        uri: created.authorization_request_uri,
        share: fields[0]!,
        decision: "share",
      });
      expect(visibleText(done.text)).toContain("the verifier did not accept it");
      expect(await outcome(created.id)).toEqual({
        status: "failed",
        failureCode: "claims_missing",
      });
    });

    it("tampers when asked: presentation_invalid", async () => {
      const created = await verification();
      await browser.post("/wallet/present", {
        uri: created.authorization_request_uri,
        share: fields,
        tamper: "signature",
        decision: "share",
      });
      expect(await outcome(created.id)).toEqual({
        status: "failed",
        failureCode: "presentation_invalid",
      });
    });

    it("refuses: wallet_rejected", async () => {
      const created = await verification();
      const done = await browser.post("/wallet/present", {
        uri: created.authorization_request_uri,
        decision: "refuse",
      });
      expect(visibleText(done.text)).toContain("You refused the request");
      expect(await outcome(created.id)).toEqual({
        status: "failed",
        failureCode: "wallet_rejected",
      });
    });

    it("a used-up request says so instead of offering buttons", async () => {
      const created = await verification();
      await browser.post("/wallet/present", {
        uri: created.authorization_request_uri,
        decision: "refuse",
      });
      const page = visibleText((await browser.get(created.test_wallet_url)).text);
      expect(page).toContain(`Verification ${created.id} is failed`);
      expect(page).not.toContain("Fields to share");
    });
  });

  it("answers the identity presets from a fresh browser with the test identity", async () => {
    const browser = pageClient(emulator.url);
    const created = await service("POST", "/v1/verifications", { policy_id: "preset_age_over_18" });
    const page = visibleText((await browser.get(created.test_wallet_url)).text);
    expect(page).toContain("From your test identity, Ada Lovelace");
    await browser.post("/wallet/present", {
      uri: created.authorization_request_uri,
      share: JSON.stringify(["age_over_18"]),
      decision: "share",
    });
    expect(emulator.model.verifications.findForProtocol(created.id)?.status).toBe("verified");
  });

  describe("answers a Digital Credentials API request pasted in", () => {
    const origin = "http://localhost:5173";

    it("hands the answer to the verification, and shows what get() would resolve with", async () => {
      const browser = pageClient(emulator.url);
      const created = await dcApiVerification(service, [origin]);
      const opened = visibleText((await browser.get("/wallet")).text);
      expect(opened).toContain("Answer a Digital Credentials API request");
      const answered = await browser.post("/wallet/dc-api", {
        requests: JSON.stringify(created.dc_api_requests),
        origin,
        decision: "share",
        deliver: "on",
      });
      const page = visibleText(answered.text);
      expect(page).toContain(`Verification ${created.id} is now verified`);
      const copy = /<textarea id="dc-answer"[^>]*>([^<]*)<\/textarea>/.exec(answered.text)?.[1];
      const answer = JSON.parse(copy!.replaceAll("&quot;", '"'));
      expect(answer.protocol).toBe("openid4vp-v1-signed");
      expect(Object.keys(answer.data)).toEqual(["response"]);
      expect(emulator.model.verifications.findForProtocol(created.id)?.status).toBe("verified");
    });

    it("only shows the answer when told not to hand it over, and refuses another origin's request", async () => {
      const browser = pageClient(emulator.url);
      const created = await dcApiVerification(service, [origin]);
      const shown = visibleText(
        (
          await browser.post("/wallet/dc-api", {
            requests: JSON.stringify(created.dc_api_requests),
            origin,
            decision: "refuse",
          })
        ).text,
      );
      expect(shown).toContain("The answer: what navigator.credentials.get() resolves with");
      expect(emulator.model.verifications.findForProtocol(created.id)?.status).toBe("pending");
      const elsewhere = visibleText(
        (
          await browser.post("/wallet/dc-api", {
            requests: JSON.stringify(created.dc_api_requests),
            origin: "https://evil.example",
            decision: "share",
            deliver: "on",
          })
        ).text,
      );
      expect(elsewhere).toContain("Nothing was sent");
      expect(elsewhere).toContain("expected_origins");
      const garbage = visibleText(
        (await browser.post("/wallet/dc-api", { requests: "{not json", origin, decision: "share" }))
          .text,
      );
      expect(garbage).toContain("Not a DC API request");
      expect(emulator.model.verifications.findForProtocol(created.id)?.status).toBe("pending");
    });

    it("an Annex C request alone (what Safari passes) is found by its encryptionInfo, and the wallet's mdoc answers it", async () => {
      const browser = pageClient(emulator.url);
      await takeMdocAgeAttestation(service, browser);
      const created = await dcApiVerification(service, [origin]);
      const annexC = annexCRequestsOf(created);
      expect(annexC).toHaveLength(1);
      const answered = await browser.post("/wallet/dc-api", {
        requests: JSON.stringify(annexC),
        origin,
        decision: "share",
        deliver: "on",
      });
      expect(visibleText(answered.text)).toContain(`Verification ${created.id} is now verified`);
      const copy = /<textarea id="dc-answer"[^>]*>([^<]*)<\/textarea>/.exec(answered.text)?.[1];
      expect(JSON.parse(copy!.replaceAll("&quot;", '"'))).toMatchObject({
        protocol: "org-iso-mdoc",
        data: { response: expect.any(String) },
      });
    });
  });

  it("keeps each browser's wallet apart", async () => {
    const alice = pageClient(emulator.url);
    const bob = pageClient(emulator.url);
    const created = await offer();
    await alice.get(created.testWalletUrl);
    await alice.post("/wallet/accept", { uri: created.offerUri });
    expect(visibleText((await alice.get("/wallet")).text)).toContain("1 credential.");
    expect(visibleText((await bob.get("/wallet")).text)).toContain("0 credentials.");
    expect(alice.cookie).not.toBe(bob.cookie);
  });

  it("refuses a form posted from another site, and changes nothing", async () => {
    const browser = pageClient(emulator.url);
    const created = await offer();
    await browser.get("/wallet");
    const attack = await browser.post(
      "/wallet/accept",
      { uri: created.offerUri },
      { site: "cross-site" },
    );
    expect(attack.status).toBe(403);
    const origin = await browser.post(
      "/wallet/accept",
      { uri: created.offerUri },
      { headers: { "sec-fetch-site": "", origin: "https://evil.example" } },
    );
    expect(origin.status).toBe(403);
    expect(emulator.model.issuance.findForProtocol(created.id)?.status).toBe("offer_created");
  });

  it("acts for this emulator's links only, and fetches nothing for another's", async () => {
    const browser = pageClient(emulator.url);
    const before = emulator.model.requestLog.length;
    const foreign =
      "openid-credential-offer://?credential_offer_uri=" +
      encodeURIComponent("http://127.0.0.1:9/oid4vci/offers/iss_x");
    const page = visibleText(
      (await browser.get(`/wallet?uri=${encodeURIComponent(foreign)}`)).text,
    );
    expect(page).toContain("answers offers and requests of this emulator only");
    const posted = await browser.post("/wallet/accept", { uri: foreign });
    expect(visibleText(posted.text)).toContain("Not an offer for this wallet");
    expect(visibleText((await browser.get("/wallet?uri=hello")).text)).toContain(
      "Not a link for this wallet",
    );
    expect(emulator.model.requestLog.length).toBe(before);
  });

  it("starts over with an empty wallet", async () => {
    const browser = pageClient(emulator.url);
    const created = await offer();
    await browser.get(created.testWalletUrl);
    await browser.post("/wallet/accept", { uri: created.offerUri });
    const old = browser.cookie;
    const fresh = await browser.post("/wallet/new", {});
    expect(browser.cookie).not.toBe(old);
    expect(visibleText(fresh.text)).toContain("You have a new, empty wallet");
    expect(visibleText(fresh.text)).toContain("0 credentials.");
  });
});
