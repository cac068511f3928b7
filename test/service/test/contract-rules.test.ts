import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { badgeClaims, badgeDefinition, type Service, TRANSPORTS } from "./support/transports.js";

const DEFINITIONS = "/v1/issuer/credential-definitions";
const OFFER = "/v1/openid4vc/issuance/offer";

/** Rules of the wire contract that the mock enforced differently, or not at all, before it. */
describe.each(TRANSPORTS)("contract rules ($name)", (transport) => {
  let service: Service;
  beforeAll(async () => {
    service = await transport.start();
    await service.call("POST", DEFINITIONS, {
      body: { ...badgeDefinition(), lifecycleStatus: "published" },
    });
  });
  afterAll(() => service.close());

  const refused = async (
    call: () => ReturnType<Service["call"]>,
    field: string,
    rule: string | RegExp,
  ) => {
    const before = service.model.snapshot();
    const res = await call();
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_error");
    expect(res.body.details).toEqual({ field });
    expect(res.body.message?.startsWith(`${field}: `)).toBe(true);
    expect(res.body.message).toMatch(rule);
    expect(service.model.snapshot()).toEqual(before);
  };

  describe("claim values in an offer have limits", () => {
    it("a 10 MB claim string is refused: the body is over the service's 4 MiB limit", async () => {
      const before = service.model.snapshot();
      const res = await service.call("POST", OFFER, {
        body: {
          credentialDefinitionId: "badge-v1",
          claims: { ...badgeClaims, given_name: "x".repeat(10 * 1024 * 1024) },
        },
      });
      expect(res.status).toBe(413);
      expect(res.body.code).toBe("request_too_large");
      expect(service.model.snapshot()).toEqual(before);
    });

    it("a 1 MB claim string (a body under the limit) is refused by the claim rule", async () => {
      await refused(
        () =>
          service.call("POST", OFFER, {
            body: {
              credentialDefinitionId: "badge-v1",
              claims: { ...badgeClaims, given_name: "x".repeat(1024 * 1024) },
            },
          }),
        "claims.given_name",
        "string longer than 65536 characters",
      );
    });

    it("strings of one offer are limited together", async () => {
      const long = "x".repeat(60_000);
      await refused(
        () =>
          service.call("POST", OFFER, {
            body: {
              credentialDefinitionId: "badge-v1",
              claims: {
                given_name: long,
                family_name: long,
                address: { locality: long },
                extra: { a: long, b: long },
              },
            },
          }),
        "claims",
        "strings longer than 262144 characters together",
      );
    });

    it("1e400 (Infinity once parsed) is refused", async () => {
      await refused(
        () =>
          service.call("POST", OFFER, {
            raw: `{"credentialDefinitionId":"badge-v1","claims":{"given_name":"Ada","family_name":"L","address":{"locality":1e400}}}`,
          }),
        "claims.address.locality",
        "numbers must be finite",
      );
    });

    it("a claim value of 64 Ki characters is accepted", async () => {
      const res = await service.call("POST", OFFER, {
        body: {
          credentialDefinitionId: "badge-v1",
          claims: { ...badgeClaims, given_name: "x".repeat(65_536) },
        },
      });
      expect(res.status).toBe(201);
    });
  });

  describe("definitions refuse claim paths SD-JWT VC reserves, and empty paths", () => {
    it.each([
      "iss",
      "nbf",
      "exp",
      "iat",
      "cnf",
      "vct",
      "vct#integrity",
      "status",
      "_sd",
      "_sd_alg",
      "...",
    ])("%s at the top level, at creation and on update", async (name) => {
      const claims = [{ path: ["given_name"] }, { path: [name], mandatory: true }];
      await refused(
        () =>
          service.call("POST", DEFINITIONS, { body: { credentialDefinitionId: "r-1", claims } }),
        "claims[1].path",
        `"${name}" is reserved by SD-JWT VC`,
      );
      await service.call("POST", DEFINITIONS, { body: { credentialDefinitionId: "r-draft" } });
      await refused(
        () => service.call("PATCH", `${DEFINITIONS}/r-draft`, { body: { claims } }),
        "claims[1].path",
        `"${name}" is reserved by SD-JWT VC`,
      );
    });

    it("_sd and ... at any depth; other registered names only at the top level", async () => {
      await refused(
        () =>
          service.call("POST", DEFINITIONS, {
            body: { credentialDefinitionId: "r-2", claims: [{ path: ["address", "_sd"] }] },
          }),
        "claims[0].path",
        '"_sd" is reserved',
      );
      const nested = await service.call("POST", DEFINITIONS, {
        body: {
          ...badgeDefinition("r-3"),
          claims: [{ path: ["address", "status"] }, { path: ["passport", "exp"] }],
          lifecycleStatus: "published",
        },
      });
      expect(nested.status).toBe(201);
    });

    it.each([
      ["an empty path", [], "claims[0].path"],
      ["an empty segment", ["address", ""], "claims[0].path[1]"],
    ])("%s", async (_, path, field) => {
      await refused(
        () =>
          service.call("POST", DEFINITIONS, {
            body: { credentialDefinitionId: "r-4", claims: [{ path }] },
          }),
        field,
        "must be a non-empty array of non-empty strings",
      );
    });
  });

  describe("definition metadata nesting counts containers, not scalars", () => {
    const nest = (levels: number): unknown =>
      levels === 1 ? { leaf: "x" } : { next: nest(levels - 1) };

    it("8 nested containers are accepted", async () => {
      const res = await service.call("POST", DEFINITIONS, {
        body: { credentialDefinitionId: "m-8", metadata: nest(8) },
      });
      expect(res.status).toBe(201);
      expect(res.body.metadata).toEqual(nest(8));
    });

    it("9 are refused, naming the ninth", async () => {
      await refused(
        () =>
          service.call("POST", DEFINITIONS, {
            body: { credentialDefinitionId: "m-9", metadata: nest(9) },
          }),
        "metadata.next.next.next.next.next.next.next.next",
        "nested deeper than 8 levels",
      );
    });

    it("arrays count as containers too", async () => {
      await refused(
        () =>
          service.call("POST", DEFINITIONS, {
            body: { credentialDefinitionId: "m-a", metadata: [[[[[[[[["x"]]]]]]]]] },
          }),
        "metadata[0][0][0][0][0][0][0][0]",
        "nested deeper than 8 levels",
      );
    });
  });

  it("a key named __proto__ in offer metadata is refused, not dropped", async () => {
    await refused(
      () =>
        service.call("POST", OFFER, {
          raw: `{"credentialDefinitionId":"badge-v1","claims":${JSON.stringify(badgeClaims)},"metadata":{"__proto__":"x"}}`,
        }),
      "metadata.__proto__",
      "prototype-related keys are rejected",
    );
  });
});
