import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Holder,
  type Issuer,
  newHolder,
  OAUTH_DESCRIPTION,
  PRE_AUTHORIZED_GRANT,
  startIssuer,
} from "./raw-protocol.js";

/** OpenID4VCI 1.0 §6 and RFC 6749 §3.2, §5: the token endpoint of the pre-authorized code flow. */
describe("token endpoint (OpenID4VCI 1.0 §6)", () => {
  let issuer: Issuer;
  let holder: Holder;
  beforeAll(async () => {
    issuer = await startIssuer({ profile: "plain" });
    holder = await newHolder();
  });
  afterAll(() => issuer.close());

  it("takes form encoding only: anything else is 400 invalid_request, never a 500, and changes nothing", async () => {
    const offer = await issuer.offer();
    const form = { grant_type: PRE_AUTHORIZED_GRANT, "pre-authorized_code": offer.code };
    const before = issuer.model.snapshot();
    const cases: [string, string, string][] = [
      ["JSON", JSON.stringify(form), "application/json"],
      ["malformed JSON", "{ grant_type:", "application/json"],
      ["text/plain", new URLSearchParams(form).toString(), "text/plain"],
      ["multipart", new URLSearchParams(form).toString(), "multipart/form-data; boundary=x"],
      [
        "a repeated parameter",
        `${new URLSearchParams(form).toString()}&grant_type=${encodeURIComponent(PRE_AUTHORIZED_GRANT)}`,
        "application/x-www-form-urlencoded",
      ],
      ["no grant_type", `pre-authorized_code=${offer.code}`, "application/x-www-form-urlencoded"],
      [
        "no pre-authorized_code",
        `grant_type=${encodeURIComponent(PRE_AUTHORIZED_GRANT)}`,
        "application/x-www-form-urlencoded",
      ],
    ];
    for (const [name, body, type] of cases) {
      const answer = await issuer.token(offer.issuer, body, type);
      expect({ name, status: answer.status, error: answer.body.error }).toEqual({
        name,
        status: 400,
        error: "invalid_request",
      });
      expect(answer.body.error_description).toMatch(OAUTH_DESCRIPTION);
    }
    const noType = await fetch(`${offer.issuer}/token`, {
      method: "POST",
      body: new Blob([new URLSearchParams(form).toString()]),
    });
    expect(noType.status).toBe(400);
    expect(issuer.model.snapshot()).toEqual(before);

    const accepted = await issuer.token(offer.issuer, form);
    expect(accepted.status).toBe(200);
    expect(accepted.headers.get("cache-control")).toBe("no-store");
  });

  it("a missing or unexpected tx_code is invalid_request and uses up no attempt", async () => {
    const withCode = await issuer.offer({ txCode: { length: 6 } });
    const form = { grant_type: PRE_AUTHORIZED_GRANT, "pre-authorized_code": withCode.code };
    const before = issuer.model.snapshot();
    for (let i = 0; i < 4; i++) {
      for (const body of [form, { ...form, tx_code: "" }]) {
        const missing = await issuer.token(withCode.issuer, body);
        expect(missing.status).toBe(400);
        expect(missing.body.error).toBe("invalid_request");
      }
    }
    expect(issuer.model.snapshot()).toEqual(before);
    const accepted = await issuer.token(withCode.issuer, { ...form, tx_code: withCode.txCode! });
    expect(accepted.status).toBe(200);

    const without = await issuer.offer();
    const unexpected = await issuer.token(without.issuer, {
      grant_type: PRE_AUTHORIZED_GRANT,
      "pre-authorized_code": without.code,
      tx_code: "123456",
    });
    expect(unexpected.status).toBe(400);
    expect(unexpected.body.error).toBe("invalid_request");
    expect(await issuer.status(without.id)).toBe("ready_to_issue");
  });

  it("a wrong tx_code is invalid_grant, counted: the third fails the issuance", async () => {
    const offer = await issuer.offer({ txCode: { length: 6 } });
    const wrong = offer.txCode === "000000" ? "111111" : "000000";
    for (const left of [2, 1, 0]) {
      const answer = await issuer.token(offer.issuer, {
        grant_type: PRE_AUTHORIZED_GRANT,
        "pre-authorized_code": offer.code,
        tx_code: wrong,
      });
      expect(answer.body.error).toBe("invalid_grant");
      expect(answer.body.error_description).toMatch(OAUTH_DESCRIPTION);
      if (left > 0) expect(answer.body.error_description).toContain(`${left} attempt`);
    }
    expect(await issuer.status(offer.id)).toBe("failed");
  });

  it("echoes authorization_details with credential_identifiers, which the credential request then uses", async () => {
    const offer = await issuer.offer();
    const requested = [{ type: "openid_credential", credential_configuration_id: "badge-v1" }];
    const answer = await issuer.token(offer.issuer, {
      grant_type: PRE_AUTHORIZED_GRANT,
      "pre-authorized_code": offer.code,
      authorization_details: JSON.stringify(requested),
    });
    expect(answer.status).toBe(200);
    const details = answer.body.authorization_details as {
      type: string;
      credential_configuration_id: string;
      credential_identifiers: string[];
    }[];
    expect(details).toEqual([
      {
        type: "openid_credential",
        credential_configuration_id: "badge-v1",
        credential_identifiers: [expect.any(String)],
      },
    ]);
    const accessToken = answer.body.access_token as string;
    const nonce = await issuer.nonce(offer.issuer);
    const proof = await issuer.proof(holder, { issuer: offer.issuer, nonce });
    // §8.2: with credential_identifiers handed out, credential_configuration_id must not be used.
    const byConfiguration = await issuer.credential(offer.issuer, accessToken, {
      credential_configuration_id: "badge-v1",
      proofs: { jwt: [proof] },
    });
    expect(byConfiguration.body.error).toBe("invalid_credential_request");
    const unknown = await issuer.credential(offer.issuer, accessToken, {
      credential_identifier: "not-handed-out",
      proofs: { jwt: [proof] },
    });
    expect(unknown.body.error).toBe("unknown_credential_identifier");
    const issued = await issuer.credential(offer.issuer, accessToken, {
      credential_identifier: details[0]!.credential_identifiers[0],
      proofs: { jwt: [proof] },
    });
    expect(issued.status).toBe(200);
  });

  it("refuses authorization_details it cannot grant without touching the offer", async () => {
    const offer = await issuer.offer();
    const before = issuer.model.snapshot();
    for (const [value, error] of [
      ["[{", "invalid_request"],
      ['{"type":"openid_credential"}', "invalid_authorization_details"],
      ["[]", "invalid_authorization_details"],
      [
        '[{"type":"openid_credential","credential_configuration_id":"other"}]',
        "invalid_authorization_details",
      ],
      [
        '[{"type":"payment","credential_configuration_id":"badge-v1"}]',
        "invalid_authorization_details",
      ],
    ] as const) {
      const answer = await issuer.token(offer.issuer, {
        grant_type: PRE_AUTHORIZED_GRANT,
        "pre-authorized_code": offer.code,
        authorization_details: value,
      });
      expect({ value, status: answer.status, error: answer.body.error }).toEqual({
        value,
        status: 400,
        error,
      });
    }
    expect(issuer.model.snapshot()).toEqual(before);
  });

  it("the access token lives exactly as long as expires_in says", async () => {
    const walked = await issuer.tokenFor();
    const expiresIn = walked.answer.body.expires_in as number;
    expect(expiresIn).toBe(600);
    issuer.model.clock.advance(expiresIn * 1000 - 1000);
    const nonce = await issuer.nonce(walked.issuer);
    const body = {
      credential_configuration_id: "badge-v1",
      proofs: { jwt: [await issuer.proof(holder, { issuer: walked.issuer, nonce })] },
    };
    const late = await issuer.tokenFor();
    issuer.model.clock.advance(1000);
    // One second later the first token has lapsed; the second one still works.
    const lapsed = await issuer.credential(walked.issuer, walked.accessToken, body);
    expect(lapsed.status).toBe(401);
    expect(lapsed.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_token"/);
    const nonce2 = await issuer.nonce(late.issuer);
    const fine = await issuer.credential(late.issuer, late.accessToken, {
      credential_configuration_id: "badge-v1",
      proofs: { jwt: [await issuer.proof(holder, { issuer: late.issuer, nonce: nonce2 })] },
    });
    expect(fine.status).toBe(200);
  });

  it("an access token never outlives its offer, and expires_in says so", async () => {
    const offer = await issuer.offer();
    issuer.model.clock.advance(13 * 60 * 1000);
    const answer = await issuer.token(offer.issuer, {
      grant_type: PRE_AUTHORIZED_GRANT,
      "pre-authorized_code": offer.code,
    });
    const expiresIn = answer.body.expires_in as number;
    expect(expiresIn).toBeGreaterThan(100);
    expect(expiresIn).toBeLessThanOrEqual(120);
    issuer.model.clock.advance(expiresIn * 1000 - 2000);
    const nonce = await issuer.nonce(offer.issuer);
    const issued = await issuer.credential(offer.issuer, answer.body.access_token as string, {
      credential_configuration_id: "badge-v1",
      proofs: { jwt: [await issuer.proof(holder, { issuer: offer.issuer, nonce })] },
    });
    expect(issued.status).toBe(200);
  });
});
