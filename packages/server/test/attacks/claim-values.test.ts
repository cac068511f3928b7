// Security issue, item 1: `verified` meant the claim was disclosed, not that it was true; a backend
// gating on `status` (the README's Express example did) admitted a 15-year-old. A backend using
// `getVerifiedResult` / `requireClaims` gates on the signed claim values.
import { createTestWallet } from "@credport/mock/wallet";
import {
  Credport,
  CredportConflictError,
  CredportSignatureVerificationError,
  getVerifiedResult,
  requireClaims,
  type VerifiedResultToken,
  verifyResultToken,
} from "@credport/server";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_SERVICES, SERVICES, type TestService } from "../support/services.js";

describe.each(SERVICES)("claim values from any backend ($name)", (transport) => {
  let service: TestService;
  let credport: Credport;
  beforeAll(async () => {
    service = await transport.start();
    credport = new Credport({ secretKey: service.project.secretKey, baseUrl: service.baseUrl });
  });
  afterAll(() => service.close());

  /** A verification the service signed as verified with these claims, whatever its policy says. */
  async function signedAs(claims: Record<string, unknown>, policyId = "preset_age_over_18") {
    const v = await credport.verifications.create({ policyId, customerUserRef: "user-1" });
    service.model.verifications.applyTrigger(v.id, "request_fetched");
    service.model.verifications.applyTrigger(v.id, "presentation_verified", {
      claims: claims as never,
    });
    return v.id;
  }
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => error as CredportConflictError,
    );

  it("a signed age_over_18: false is refused by getVerifiedResult, naming the claim, not its value", async () => {
    const id = await signedAs({ age_over_18: false });
    // What the README's example used to check: the status alone says yes.
    expect((await credport.verifications.getResult(id)).status).toBe("verified");
    const error = await refusal(
      getVerifiedResult(credport, id, {
        policyId: "preset_age_over_18",
        customerUserRef: "user-1",
      }),
    );
    expect(error).toBeInstanceOf(CredportConflictError);
    expect(error).toMatchObject({
      code: "claims_not_accepted",
      details: { field: "claims.age_over_18" },
    });
    expect(error?.message).toMatch(/age_over_18/);
    expect(error?.message).not.toMatch(/false/);
  });

  it("requireClaims refuses the same signed result from verifyResultToken", async () => {
    const id = await signedAs({ age_over_18: false });
    const signed = await verifyResultToken(
      (await credport.verifications.getResult(id)).resultToken,
      {
        baseUrl: service.baseUrl,
        verificationId: id,
      },
    );
    await expect(requireClaims(signed)).rejects.toMatchObject({
      code: "claims_not_accepted",
      details: { field: "claims.age_over_18" },
    });
    // A missing claim is no better than a false one.
    await expect(requireClaims({ ...signed, claims: {} })).rejects.toMatchObject({
      code: "claims_not_accepted",
    });
  });

  it("a true age_over_18 passes and returns the signed result", async () => {
    const id = await signedAs({ age_over_18: true });
    const signed: VerifiedResultToken = await getVerifiedResult(credport, id, {
      policyId: "preset_age_over_18",
      customerUserRef: "user-1",
      audience: service.project.projectId,
    });
    expect(signed).toMatchObject({ status: "verified", claims: { age_over_18: true } });
  });

  it("an mdoc's namespaced age_over_18 meets the preset: true passes, false or elsewhere is refused", async () => {
    // mdoc claims keep their namespace: { "eu.europa.ec.av.1": { age_over_18: true } }.
    for (const namespace of ["eu.europa.ec.av.1", "eu.europa.ec.eudi.pid.1", "org.iso.18013.5.1"]) {
      const id = await signedAs({ [namespace]: { age_over_18: true } });
      await expect(getVerifiedResult(credport, id)).resolves.toMatchObject({
        claims: { [namespace]: { age_over_18: true } },
      });
    }
    const minor = await signedAs({ "eu.europa.ec.av.1": { age_over_18: false } });
    const error = await refusal(getVerifiedResult(credport, minor));
    expect(error).toMatchObject({
      code: "claims_not_accepted",
      details: { field: "claims.age_over_18" },
    });
    expect(error?.message).not.toMatch(/false/);
    // Two namespaces that disagree, or an object that is not a namespace: refused.
    const split = await signedAs({
      "eu.europa.ec.av.1": { age_over_18: true },
      "org.iso.18013.5.1": { age_over_18: false },
    });
    await expect(getVerifiedResult(credport, split)).rejects.toMatchObject({
      code: "claims_not_accepted",
    });
    const nested = await signedAs({ address: { age_over_18: true } });
    await expect(getVerifiedResult(credport, nested)).rejects.toMatchObject({
      code: "claims_not_accepted",
    });
  });

  it("your requirements name an mdoc element by namespace and element, or by element", async () => {
    const id = await signedAs({
      "org.iso.18013.5.1": { age_over_18: true, issuing_country: "GB" },
    });
    await expect(
      getVerifiedResult(credport, id, {
        requireClaims: { "org.iso.18013.5.1.issuing_country": "GB", age_over_18: true },
      }),
    ).resolves.toMatchObject({ status: "verified" });
    await expect(
      getVerifiedResult(credport, id, {
        requireClaims: { "org.iso.18013.5.1.issuing_country": "FR" },
      }),
    ).rejects.toMatchObject({
      code: "claims_not_accepted",
      details: { field: "claims.org.iso.18013.5.1.issuing_country" },
    });
  });

  it("a 15-year-old's wallet: the service fails the verification and the backend says why", async () => {
    const v = await credport.verifications.create({ policyId: "preset_age_over_18" });
    const birthdate = new Date(service.model.clock.now() - 15 * 365.25 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const wallet = await createTestWallet({
      now: () => service.model.clock.now(),
      identity: { birthdate },
    });
    await wallet.present(v.authorizationRequestUri);
    await expect(getVerifiedResult(credport, v.id)).rejects.toMatchObject({
      code: "verification_not_verified",
      details: { status: "failed", failureCode: "claims_not_satisfied" },
    });
  });

  it("your requirements replace the preset's: values by dot-joined path, or a function", async () => {
    const id = await signedAs({ age_over_18: true, address: { country: "FR" } });
    await expect(
      getVerifiedResult(credport, id, {
        requireClaims: { age_over_18: true, "address.country": "DE" },
      }),
    ).rejects.toMatchObject({
      code: "claims_not_accepted",
      details: { field: "claims.address.country" },
    });
    await expect(
      getVerifiedResult(credport, id, {
        requireClaims: (claims, { policyId }) =>
          policyId === "preset_age_over_18" &&
          (claims.address as { country?: string } | undefined)?.country === "DE",
      }),
    ).rejects.toMatchObject({ code: "claims_not_accepted", details: { field: "claims" } });
    await expect(
      getVerifiedResult(credport, id, { requireClaims: { "address.country": "FR" } }),
    ).resolves.toMatchObject({ claims: { address: { country: "FR" } } });
  });

  it("a refused string claim's value appears in no error", async () => {
    const id = await signedAs({ given_name: "Mallory-Private" }, "preset_identity_basic");
    const error = await refusal(
      getVerifiedResult(credport, id, { requireClaims: { given_name: "Ada" } }),
    );
    expect(error).toMatchObject({
      code: "claims_not_accepted",
      details: { field: "claims.given_name" },
    });
    expect(JSON.stringify({ message: error?.message, details: error?.details })).not.toMatch(
      /Mallory/,
    );
  });

  it("a result of another policy is not admitted by the preset's default", async () => {
    const id = await signedAs({ given_name: "Ada" }, "preset_identity_basic");
    await expect(
      getVerifiedResult(credport, id, { policyId: "preset_age_over_18" }),
    ).rejects.toBeInstanceOf(CredportSignatureVerificationError);
  });
});

describe("a proxy that rewrites the plain result", () => {
  // The JSON beside the token says true; the signed claims say false. Only the signature counts.
  const baseUrl = "https://proxied.credport.test";
  let service: TestService;
  let proxy: ReturnType<typeof setupServer>;
  beforeAll(async () => {
    service = await ALL_SERVICES[1]!.start();
    proxy = setupServer(
      http.all(`${baseUrl}/*`, async ({ request }) => {
        const url = new URL(request.url);
        const upstream = await fetch(`${service.baseUrl}${url.pathname}${url.search}`, {
          method: request.method,
          headers: Object.fromEntries(
            ["x-service-key", "content-type", "idempotency-key"].flatMap((name) => {
              const value = request.headers.get(name);
              return value === null ? [] : [[name, value]];
            }),
          ),
          ...(request.method === "GET" ? {} : { body: await request.text() }),
        });
        const body = (await upstream.json()) as Record<string, unknown>;
        if (url.pathname.endsWith("/result")) body.claims = { age_over_18: true };
        return HttpResponse.json(body, { status: upstream.status });
      }),
    );
    proxy.listen({ onUnhandledRequest: "bypass" });
  });
  afterAll(async () => {
    proxy.close();
    await service.close();
  });

  it("getVerifiedResult refuses a signed false shown as true", async () => {
    const credport = new Credport({ secretKey: service.project.secretKey, baseUrl });
    const v = await credport.verifications.create({ policyId: "preset_age_over_18" });
    service.model.verifications.applyTrigger(v.id, "request_fetched");
    service.model.verifications.applyTrigger(v.id, "presentation_verified", {
      claims: { age_over_18: false },
    });
    expect((await credport.verifications.getResult(v.id)).claims).toEqual({ age_over_18: true });
    // The token's issuer is the service itself, behind the proxy's URL.
    await expect(
      getVerifiedResult(credport, v.id, {
        issuer: service.baseUrl,
        jwks: (await (await fetch(`${service.baseUrl}/v1/.well-known/jwks.json`)).json()) as {
          keys: JsonWebKey[];
        },
      }),
    ).rejects.toMatchObject({ code: "claims_not_accepted" });
  });
});
