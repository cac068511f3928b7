import { createTestWallet } from "@credport/mock/wallet";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpenRequest, openRequest, postResponse, vpToken } from "./forge/redirect-request.js";
import { digestOf, disclosure, forgePresentation } from "./forge/sd-jwt-vc.js";
import {
  type Holder,
  type Issuer,
  newHolder,
  OAUTH_DESCRIPTION,
  send,
  startIssuer,
} from "./raw-protocol.js";

/**
 * OpenID4VP 1.0 §8.2 (direct_post) and RFC 9901 §7 at the response endpoint, under the plain
 * profile (hand-made direct_post forms); haip-verifier.test.ts has the HAIP one.
 */
describe("presentation response endpoint", () => {
  let issuer: Issuer;
  let policyId: string;
  beforeAll(async () => {
    issuer = await startIssuer({ profile: "plain" });
    policyId = await issuer.badgePolicy();
  });
  afterAll(() => issuer.close());

  const newVerification = (policy = policyId) => issuer.newVerification(policy);
  const verificationOf = (id: string) => issuer.verificationOf(id);

  /** The body a well-behaved wallet posts, captured instead of sent. */
  async function capturedAnswer(): Promise<{ request: OpenRequest; form: URLSearchParams }> {
    let captured: URLSearchParams | undefined;
    const wallet = await createTestWallet({
      now: () => issuer.model.clock.now(),
      fetch: async (input, init) => {
        if (init?.method === "POST" && String(input).includes("/oid4vp/responses/")) {
          captured = new URLSearchParams(String(init.body));
          return Response.json({});
        }
        return fetch(input, init);
      },
    });
    await wallet.acceptOffer(
      (
        await issuer.service("POST", "/v1/openid4vc/issuance/offer", {
          credentialDefinitionId: "badge-v1",
          claims: { given_name: "Ada", family_name: "Lovelace" },
        })
      ).body.offerUri as string,
    );
    const verification = await newVerification();
    await wallet.present(verification.authorization_request_uri!);
    const requestUri = new URL(verification.authorization_request_uri!).searchParams.get(
      "request_uri",
    )!;
    const request = decodeJwt((await send(requestUri)).text);
    return {
      request: {
        verificationId: verification.id!,
        clientId: String(request.client_id),
        nonce: String(request.nonce),
        state: String(request.state),
        responseUri: String(request.response_uri),
      },
      form: captured!,
    };
  }

  it("refuses malformed answers with 400 invalid_request and leaves the verification as it was", async () => {
    const { request, form } = await capturedAnswer();
    const presentation = (JSON.parse(form.get("vp_token")!) as { credential: string[] })
      .credential[0]!;
    const state = form.get("state")!;
    const formOf = (values: Record<string, string>) => new URLSearchParams(values).toString();
    const cases: [string, string, string?][] = [
      [
        "JSON instead of a form",
        JSON.stringify({ vp_token: form.get("vp_token"), state }),
        "application/json",
      ],
      ["a form sent as text/plain", form.toString(), "text/plain"],
      ["no state", formOf({ vp_token: form.get("vp_token")! })],
      ["another state", formOf({ vp_token: form.get("vp_token")!, state: "ver_someone_else" })],
      ["state twice", `${form.toString()}&state=${state}`],
      ["neither vp_token nor error", formOf({ state })],
      ["vp_token that is not JSON", formOf({ vp_token: "{credential:", state })],
      ["vp_token that is a bare presentation", formOf({ vp_token: presentation, state })],
      ["vp_token that is an array", formOf({ vp_token: JSON.stringify([presentation]), state })],
      [
        "a presentation that is not in an array",
        formOf({ vp_token: JSON.stringify({ credential: presentation }), state }),
      ],
      ["no presentation", formOf({ vp_token: vpToken(), state })],
      [
        "two presentations without multiple",
        formOf({ vp_token: vpToken(presentation, presentation), state }),
      ],
      [
        "a presentation that is not a string",
        formOf({ vp_token: vpToken({ presentation }), state }),
      ],
      [
        "an unknown credential query",
        formOf({ vp_token: JSON.stringify({ other: [presentation] }), state }),
      ],
      [
        "an extra credential query",
        formOf({
          vp_token: JSON.stringify({ credential: [presentation], other: [presentation] }),
          state,
        }),
      ],
      [
        "both vp_token and error",
        formOf({ vp_token: form.get("vp_token")!, error: "access_denied", state }),
      ],
      [
        "an error with another state",
        formOf({ error: "access_denied", state: "ver_someone_else" }),
      ],
    ];
    const before = issuer.model.snapshot();
    for (const [name, body, type] of cases) {
      const answer = await postResponse(request, body, type);
      expect({ name, status: answer.status, error: answer.body.error }).toEqual({
        name,
        status: 400,
        error: "invalid_request",
      });
      expect(answer.body.error_description).toMatch(OAUTH_DESCRIPTION);
    }
    expect(issuer.model.snapshot()).toEqual(before);
    expect((await verificationOf(request.verificationId)).status).toBe("in_progress");

    const accepted = await postResponse(request, form.toString());
    expect(accepted.status).toBe(200);
    expect(accepted.headers.get("cache-control")).toBe("no-store");
    expect((await verificationOf(request.verificationId)).status).toBe("verified");
  });

  describe("RFC 9901 §7 and SD-JWT VC checks on a credential signed by the issuer", () => {
    let holder: Holder;
    let issuerUrl: string;
    const tenant = () => ({ projectId: issuer.emulator.projectId, environment: "test" as const });
    beforeAll(async () => {
      holder = await newHolder();
      issuerUrl = (await issuer.offer()).issuer;
    });

    async function present(
      build: () => {
        payload: Record<string, unknown>;
        disclosures: string[];
        status?: unknown;
        kb?: Record<string, unknown>;
      },
    ) {
      const verification = await newVerification();
      const request = await openRequest(verification.authorization_request_uri!);
      const presentation = await forgePresentation({
        model: issuer.model,
        tenant: tenant(),
        issuer: issuerUrl,
        holder,
        request,
        ...build(),
      });
      const answer = await postResponse(request, {
        vp_token: vpToken(presentation),
        state: request.state,
      });
      expect(answer.status).toBe(200);
      return verificationOf(verification.id!);
    }

    const given = () => disclosure("given_name", "Ada");
    /** The baseline credential with a status list entry (ours unless `uri` says otherwise). */
    const withStatus = (idx: number, uri = `${issuerUrl}/status-list`) => {
      const d = given();
      return {
        payload: { _sd: [digestOf(d)] },
        disclosures: [d],
        status: { status_list: { idx, uri } },
      };
    };

    it("verifies a well-formed hand-built credential (the baseline the other cases break)", async () => {
      const d = given();
      const family = disclosure("family_name", "Lovelace");
      expect(
        await present(() => ({
          payload: { _sd: [digestOf(d), digestOf(family)] },
          disclosures: [d],
        })),
      ).toMatchObject({ status: "verified" });
    });

    it.each([
      [
        "a disclosure sent twice",
        () => {
          const d = given();
          return { payload: { _sd: [digestOf(d)] }, disclosures: [d, d] };
        },
      ],
      [
        "a digest listed twice",
        () => {
          const d = given();
          return { payload: { _sd: [digestOf(d), digestOf(d)] }, disclosures: [d] };
        },
      ],
      [
        "a digest in two places",
        () => {
          const d = given();
          return {
            payload: { _sd: [digestOf(d)], address: { _sd: [digestOf(d)] } },
            disclosures: [d],
          };
        },
      ],
      [
        "a digest repeated inside a disclosure",
        () => {
          const d = given();
          const address = disclosure("address", { _sd: [digestOf(d)] });
          return { payload: { _sd: [digestOf(d), digestOf(address)] }, disclosures: [d, address] };
        },
      ],
      [
        "a disclosure named _sd",
        () => {
          const d = given();
          const bad = disclosure("_sd", ["x"]);
          return { payload: { _sd: [digestOf(d), digestOf(bad)] }, disclosures: [d, bad] };
        },
      ],
      [
        "a disclosure named ...",
        () => {
          const d = given();
          const bad = disclosure("...", "x");
          return { payload: { _sd: [digestOf(d), digestOf(bad)] }, disclosures: [d, bad] };
        },
      ],
      [
        "a disclosed name that collides with a plain claim",
        () => {
          const d = given();
          return { payload: { given_name: "Eve", _sd: [digestOf(d)] }, disclosures: [d] };
        },
      ],
      [
        "two disclosures of the same name",
        () => {
          const d = given();
          const other = disclosure("given_name", "Eve");
          return { payload: { _sd: [digestOf(d), digestOf(other)] }, disclosures: [d, other] };
        },
      ],
      [
        "an array-element disclosure used for a property",
        () => {
          const d = disclosure("Ada");
          return { payload: { _sd: [digestOf(d)] }, disclosures: [d] };
        },
      ],
      [
        "a property disclosure used for an array element",
        () => {
          const d = given();
          const other = given();
          return {
            payload: { _sd: [digestOf(other)], nicknames: [{ "...": digestOf(d) }] },
            disclosures: [d, other],
          };
        },
      ],
      [
        "a disclosure the credential does not reference",
        () => {
          const d = given();
          return { payload: { _sd: [digestOf(given())] }, disclosures: [d] };
        },
      ],
      [
        "an unsupported _sd_alg",
        () => {
          const d = given();
          return { payload: { _sd_alg: "sha-512", _sd: [digestOf(d)] }, disclosures: [d] };
        },
      ],
      [
        "an nbf in the future",
        () => {
          const d = given();
          return { payload: { nbf: issuer.now() + 3600, _sd: [digestOf(d)] }, disclosures: [d] };
        },
      ],
      ["a status index out of range", () => withStatus(50_000_000)],
      [
        "a status index inside the list that was never handed out",
        () => {
          const taken = new Set(issuer.model.issuance.records.map((r) => r.statusListIndex));
          let free = 0;
          while (taken.has(free)) free++;
          return withStatus(free);
        },
      ],
      ["a negative status index", () => withStatus(-1)],
      ["a fractional status index", () => withStatus(0.5)],
      ["a status list that is not ours", () => withStatus(0, "https://status.example/list")],
    ])("refuses %s with presentation_invalid", async (name, build) => {
      // Every disclosure forgery breaks the digest check; the rest name their own.
      const check = name.includes("nbf")
        ? "credential_not_yet_valid"
        : name.includes("status")
          ? "status_unknown"
          : "digest";
      expect(await present(build)).toMatchObject({
        status: "failed",
        failure_code: "presentation_invalid",
        failure_detail: { check, message: expect.any(String) },
      });
    });

    it("a key binding whose aud is the client_id string verifies; an array holding it does not", async () => {
      const verification = await newVerification();
      const request = await openRequest(verification.authorization_request_uri!);
      const d = given();
      const presentation = await forgePresentation({
        model: issuer.model,
        tenant: tenant(),
        issuer: issuerUrl,
        holder,
        request,
        payload: { _sd: [digestOf(d)] },
        disclosures: [d],
        kb: { aud: [request.clientId] },
      });
      await postResponse(request, { vp_token: vpToken(presentation), state: request.state });
      expect(await verificationOf(verification.id!)).toMatchObject({
        failure_code: "presentation_invalid",
        failure_detail: { check: "audience" },
      });
    });
  });

  it("a policy naming a field twice yields a DCQL query naming it once, and verifies", async () => {
    const policy = await issuer.service("POST", "/v1/policies", {
      name: "Twice",
      credential_definition_id: "badge-v1",
      fields: [{ path: ["given_name"] }, { path: ["family_name"] }, { path: ["given_name"] }],
    });
    const verification = await newVerification(policy.body.policy_id as string);
    const requestUri = new URL(verification.authorization_request_uri!).searchParams.get(
      "request_uri",
    )!;
    const request = decodeJwt((await send(requestUri)).text) as {
      dcql_query: { credentials: { claims: { path: string[] }[] }[] };
    };
    expect(request.dcql_query.credentials[0]!.claims).toEqual([
      { path: ["given_name"] },
      { path: ["family_name"] },
    ]);
    const wallet = await createTestWallet({ now: () => issuer.model.clock.now() });
    await wallet.acceptOffer(
      (
        await issuer.service("POST", "/v1/openid4vc/issuance/offer", {
          credentialDefinitionId: "badge-v1",
          claims: { given_name: "Ada", family_name: "Lovelace" },
        })
      ).body.offerUri as string,
    );
    await wallet.present(verification.authorization_request_uri!);
    const result = await issuer.service("GET", `/v1/verifications/${verification.id}/result`);
    expect(result.body).toMatchObject({
      status: "verified",
      claims: { given_name: "Ada", family_name: "Lovelace" },
    });
  });
});
