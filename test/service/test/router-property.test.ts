import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { badgeClaims, badgeDefinition, type Service, TRANSPORTS } from "./support/transports.js";

/**
 * Arbitrary methods, paths, headers and bodies thrown at the REST routes and the control plane: the
 * answer is always below 500, and a 4xx leaves `model.snapshot()` as it was. (The wallet protocol
 * endpoints have their own property test.)
 */
interface Probe {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

const headerValue = fc.stringMatching(/^[!-~]([ -~]{0,38}[!-~])?$/);
const weirdSegment = fc.oneof(
  fc.constantFrom(
    "%ZZ",
    "%ED%A0%80",
    "%",
    "%00",
    "..",
    "%2F",
    "%E2%82",
    "%F0%9F%92%A5",
    "💥",
    "a b",
  ),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
);
const numbers = fc.oneof(
  fc.constantFrom(1e300, -1, 0, 1.5, 8.64e15, Number.MAX_SAFE_INTEGER, 60_000, 1, 100),
  fc.double(),
  fc.integer(),
);
const oddStrings = fc.oneof(
  fc.constantFrom("1\r\nset-cookie: x=1", "", " ", "__proto__", "GET", "post", "/v1/policies"),
  fc.string({ maxLength: 20 }),
);
const FIELDS = [
  "ms",
  "kind",
  "count",
  "rate",
  "retryAfterSeconds",
  "delayMs",
  "method",
  "path",
  "environment",
  "scopes",
  "projectId",
  "type",
  "key",
  "available",
  "url",
  "policy_id",
  "credentialDefinitionId",
  "vct",
  "claims",
  "metadata",
  "name",
  "fields",
  "lifecycleStatus",
  "customer_user_ref",
  "txCode",
  "issuanceMode",
  "title",
  "format",
  "__proto__",
];

describe.each(TRANSPORTS)(
  "any request to the REST routes and the control plane ($name)",
  (transport) => {
    let service: Service;
    const known: Record<string, string[]> = {};
    beforeAll(async () => {
      service = await transport.start();
      await service.call("POST", "/v1/issuer/credential-definitions", {
        body: { ...badgeDefinition(), lifecycleStatus: "published" },
      });
      const offer = await service.call("POST", "/v1/openid4vc/issuance/offer", {
        body: { credentialDefinitionId: "badge-v1", claims: badgeClaims },
      });
      const verification = await service.call("POST", "/v1/verifications", {
        body: { policy_id: "preset_age_over_18" },
      });
      const policy = await service.call("POST", "/v1/policies", {
        body: {
          name: "Badge",
          credential_definition_id: "badge-v1",
          fields: [{ path: ["given_name"] }],
        },
      });
      known.ids = [
        offer.body.id as string,
        verification.body.id as string,
        policy.body.policy_id as string,
        "badge-v1",
        "preset_age_over_18",
        "credport.identity.v1",
      ];
      known.tokens = [verification.body.client_token as string];
    });
    afterAll(() => service.close());

    const segment = () =>
      fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...known.ids!) },
        {
          weight: 3,
          arbitrary: fc.constantFrom(
            "status",
            "events",
            "result",
            "cancel",
            "revoke",
            "publish",
            "archive",
            "offer",
            "projects",
            "keys",
            "clock",
            "advance",
            "realtime",
            "faults",
            "webhooks",
            "requests",
            "state",
            ".well-known",
            "jwks.json",
          ),
        },
        { weight: 2, arbitrary: weirdSegment },
      );

    const probe = (): fc.Arbitrary<Probe> =>
      fc.record({
        method: fc.oneof(
          {
            weight: 8,
            arbitrary: fc.constantFrom("GET", "POST", "PATCH", "DELETE", "PUT", "HEAD", "OPTIONS"),
          },
          { weight: 1, arbitrary: fc.constantFrom("patch", "FOO", "PROPFIND") },
        ),
        path: fc
          .tuple(
            fc.constantFrom(
              "/v1/verifications",
              "/v1/openid4vc/issuance",
              "/v1/issuer/credential-definitions",
              "/v1/policies",
              "/v1",
              "/__emulator",
              "/__emulator/keys",
              "/__emulator/clock",
            ),
            fc.array(segment(), { maxLength: 3 }),
            fc.option(
              fc
                .tuple(
                  fc.constantFrom("limit", "cursor", "status", "projectId", "lifecycle_status"),
                  oddStrings,
                )
                .map(([k, v]) => `?${k}=${encodeURIComponent(v)}`),
            ),
          )
          .map(([prefix, segments, query]) => [prefix, ...segments].join("/") + (query ?? "")),
        headers: fc.record(
          {
            "x-service-key": fc.oneof(
              fc.constant(service.project.secretKey),
              fc.constant(service.project.publishableKey),
              headerValue,
            ),
            authorization: fc.oneof(
              fc.constantFrom(...known.tokens!.map((t) => `Bearer ${t}`)),
              headerValue,
            ),
            "x-publishable-key": fc.oneof(fc.constant(service.project.publishableKey), headerValue),
            "idempotency-key": headerValue,
            "content-type": fc.oneof(
              fc.constantFrom(
                "application/json",
                "text/plain",
                "application/x-www-form-urlencoded",
              ),
              headerValue,
            ),
          },
          { requiredKeys: [] },
        ),
        body: fc.option(
          fc.oneof(
            fc.json(),
            fc.string({ maxLength: 40 }),
            fc.constantFrom(
              '{"ms":1e400}',
              '{"ms":-1e400}',
              '{"kind":"delay","delayMs":1e400}',
              "{",
              "[]",
            ),
            fc
              .dictionary(
                fc.constantFrom(...FIELDS),
                fc.oneof(numbers, oddStrings, fc.jsonValue({ maxDepth: 2 }), fc.boolean()),
                { maxKeys: 4 },
              )
              .map((value) => JSON.stringify(value)),
          ),
          { nil: undefined },
        ),
      });

    async function send({ method, path, headers, body }: Probe) {
      const hasBody = body !== undefined && method !== "GET" && method !== "HEAD";
      const abort = new AbortController();
      const response = await fetch(`${service.baseUrl}${path}`, {
        method,
        headers,
        ...(hasBody ? { body } : {}),
        signal: abort.signal,
      });
      const text = response.status >= 500 ? await response.text() : "";
      abort.abort(); // leaves a realtime stream, if that is what answered
      return { status: response.status, text };
    }

    it("answers below 500, and a 4xx changes nothing", async () => {
      await fc.assert(
        fc.asyncProperty(probe(), async (request) => {
          const before = service.model.snapshot();
          const { status, text } = await send(request);
          // What the control plane may switch on for later requests is switched off again.
          service.model.faults.clear();
          service.model.realtime.setAvailable(true);
          service.model.webhooks.endpoints.length = 0;
          expect(status, text).toBeLessThan(500);
          if (status >= 400) expect(service.model.snapshot()).toEqual(before);
        }),
        { numRuns: transport.name === "msw" ? 400 : 250 },
      );
    }, 120_000);
  },
);
