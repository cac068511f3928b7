import { Credport, CredportError, CredportValidationError } from "@credport/server";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_SERVICES, badge, type TestService } from "./support/services.js";

/**
 * Thousands of malformed inputs at every method: each ends in a typed CredportError, and an input
 * the client refuses locally never leaves as a request.
 */
describe("malformed inputs (msw)", () => {
  let service: TestService;
  let credport: Credport;
  let sent = 0;
  beforeAll(async () => {
    service = await ALL_SERVICES[0]!.start();
    credport = new Credport({
      secretKey: service.project.secretKey,
      baseUrl: service.baseUrl,
      maxRetries: 0,
      fetch: (input, init) => {
        sent++;
        return fetch(input, init);
      },
    });
    await credport.credentialDefinitions.create(badge());
  });
  afterAll(() => service.close());

  const anything = fc.oneof(
    fc.anything(),
    fc.string(),
    fc.constant(""),
    fc.constant("   "),
    fc.constant(undefined),
    fc.constant(null),
    fc.dictionary(fc.string(), fc.anything()),
    fc.record(
      {
        credentialDefinitionId: fc.anything(),
        vct: fc.anything(),
        claims: fc.anything(),
        metadata: fc.anything(),
      },
      { requiredKeys: [] },
    ),
    fc.record(
      { name: fc.anything(), fields: fc.anything(), credentialDefinitionId: fc.anything() },
      { requiredKeys: [] },
    ),
    fc.record(
      { policyId: fc.anything(), customerUserRef: fc.anything(), metadata: fc.anything() },
      { requiredKeys: [] },
    ),
  );

  const methods: [string, (input: unknown) => Promise<unknown>][] = [
    ["credentialDefinitions.create", (i) => credport.credentialDefinitions.create(i as never)],
    [
      "credentialDefinitions.createDraft",
      (i) => credport.credentialDefinitions.createDraft(i as never),
    ],
    ["credentialDefinitions.get", (i) => credport.credentialDefinitions.get(i as never)],
    [
      "credentialDefinitions.update",
      (i) => credport.credentialDefinitions.update("badge-v1", i as never),
    ],
    ["credentialDefinitions.publish", (i) => credport.credentialDefinitions.publish(i as never)],
    ["credentialDefinitions.archive", (i) => credport.credentialDefinitions.archive(i as never)],
    ["credentialDefinitions.list", (i) => credport.credentialDefinitions.list(i as never)],
    ["issuance.createOffer", (i) => credport.issuance.createOffer(i as never)],
    ["issuance.get", (i) => credport.issuance.get(i as never)],
    ["issuance.cancel", (i) => credport.issuance.cancel(i as never)],
    ["issuance.revoke", (i) => credport.issuance.revoke(i as never)],
    ["issuance.list", (i) => credport.issuance.list(i as never)],
    ["policies.create", (i) => credport.policies.create(i as never)],
    ["policies.get", (i) => credport.policies.get(i as never)],
    ["policies.list", (i) => credport.policies.list(i as never)],
    ["policies.archive", (i) => credport.policies.archive(i as never)],
    ["verifications.create", (i) => credport.verifications.create(i as never)],
    ["verifications.get", (i) => credport.verifications.get(i as never)],
    ["verifications.getStatus", (i) => credport.verifications.getStatus(i as never)],
    ["verifications.getResult", (i) => credport.verifications.getResult(i as never)],
    ["verifications.cancel", (i) => credport.verifications.cancel(i as never)],
    ["verifications.list", (i) => credport.verifications.list(i as never)],
  ];

  it.each(methods)(
    "%s: every input ends in a result or a typed error; local refusals send nothing",
    async (_, call) => {
      await fc.assert(
        fc.asyncProperty(anything, async (input) => {
          const before = sent;
          try {
            await call(input);
          } catch (error) {
            expect(error).toBeInstanceOf(CredportError);
            if (error instanceof CredportValidationError && error.status === undefined)
              expect(sent).toBe(before);
            // A refusal by the service for a body the client let through must still be a 4xx, never a crash.
            if (error instanceof CredportError && error.status !== undefined)
              expect(error.status).toBeLessThan(500);
          }
        }),
        { numRuns: 150 },
      );
    },
  );
});
