import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Service, TRANSPORTS } from "./support/transports.js";

describe.each(TRANSPORTS)("the router under bad requests ($name)", (transport) => {
  let service: Service;
  beforeAll(async () => {
    service = await transport.start();
  });
  afterAll(() => service.close());

  it.each([
    ["GET", "/v1/verifications/%ZZ"],
    ["GET", "/v1/verifications/%ED%A0%80/status"],
    ["GET", "/v1/verifications/%E0%A4%A/result"],
    ["GET", "/v1/openid4vc/issuance/abc%"],
    ["POST", "/v1/openid4vc/issuance/%ZZ/cancel"],
    ["PATCH", "/v1/issuer/credential-definitions/%C0%AF"],
    ["GET", "/v1/policies/%FF"],
  ])(
    "%s %s (bad percent-encoding) is 400 naming the path, and changes nothing",
    async (method, path) => {
      const before = service.model.snapshot();
      const res = await service.call(method, path, method === "GET" ? {} : { body: {} });
      expect([res.status, res.body.code, res.body.details?.field]).toEqual([
        400,
        "validation_error",
        "path",
      ]);
      expect(res.headers.get("x-request-id")).toMatch(/^req_/);
      expect(service.model.snapshot()).toEqual(before);
    },
  );

  it("a path that matches no route stays 404 route_not_found, with or without bad encoding", async () => {
    for (const path of ["/v1/nothing-here", "/v1/%ZZ", "/__emulator/%ZZ"]) {
      const res = await service.call("GET", path);
      expect([res.status, res.body.code]).toEqual([404, "route_not_found"]);
    }
  });

  it("a failure anywhere in the router, the expiry sweep included, is a JSON 500 with a request ID; the next request is served", async () => {
    const sweep = service.model.sweep;
    service.model.sweep = () => {
      service.model.sweep = sweep;
      throw new Error("sweep failed");
    };
    const res = await service.call("GET", "/v1/policies");
    expect([res.status, res.body.code]).toEqual([500, "internal_error"]);
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
    expect(JSON.stringify(res.body)).not.toContain("sweep failed");
    expect((await service.call("GET", "/v1/policies")).status).toBe(200);
  });

  it("a body over 4 MiB is 413 request_too_large and changes nothing", async () => {
    const before = service.model.snapshot();
    const res = await service.call("POST", "/v1/policies", {
      raw: JSON.stringify({ name: "x".repeat(4 * 2 ** 20) }),
    });
    expect([res.status, res.body.code]).toEqual([413, "request_too_large"]);
    expect(service.model.snapshot()).toEqual(before);
    expect((await service.call("GET", "/v1/policies")).status).toBe(200);
  });
});
