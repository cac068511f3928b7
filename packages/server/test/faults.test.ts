import { Credport } from "@credport/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { badge, badgeClaims, SERVICES, type TestService } from "./support/services.js";

/**
 * Under about 30 % failing requests — 500, 503, 429 and connections dropped after the write was
 * applied — nothing is lost and nothing is duplicated.
 */
describe.each(SERVICES)("writes under faults ($name)", (transport) => {
  let service: TestService;
  let credport: Credport;
  const CALLS = transport.name === "msw" ? 1000 : 300;

  beforeAll(async () => {
    service = await transport.start();
    // Enough retries that 30 % faults cannot exhaust them by chance (0.3^9 per call).
    credport = new Credport({
      secretKey: service.project.secretKey,
      baseUrl: service.baseUrl,
      maxRetries: 8,
      backoff: { initialDelayMs: 1, maxDelayMs: 4 },
    });
    await credport.credentialDefinitions.create(badge());
  });
  afterAll(() => service.close());

  const injectFaults = (path: string) => {
    for (const [kind, rate] of [
      ["server_error", 0.08],
      ["service_unavailable", 0.08],
      ["rate_limited", 0.08],
      ["drop_after_write", 0.1],
    ] as const) {
      service.model.faults.inject({ kind, rate, path, retryAfterSeconds: 0 });
    }
  };

  async function inBatches(count: number, run: (i: number) => Promise<unknown>) {
    for (let start = 0; start < count; start += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, count - start) }, (_, k) => run(start + k)),
      );
    }
  }

  it(`${CALLS} createOffer calls end with exactly ${CALLS} sessions`, async () => {
    injectFaults("/v1/openid4vc/issuance/offer");
    const ids = new Set<string>();
    await inBatches(CALLS, async (i) => {
      const offer = await credport.issuance.createOffer({
        credentialDefinitionId: "badge-v1",
        claims: badgeClaims,
        metadata: { n: String(i) },
      });
      ids.add(offer.id);
    });
    service.model.faults.clear();
    expect(ids.size).toBe(CALLS);
    expect(service.model.issuance.records).toHaveLength(CALLS);
    const numbers = new Set(service.model.issuance.records.map((r) => r.metadata.n));
    expect(numbers.size).toBe(CALLS);
  }, 60_000);

  it(`${CALLS} publish calls publish every draft exactly once`, async () => {
    const auth = service.model.keys.authenticateSecret(service.project.secretKey);
    for (let i = 0; i < CALLS; i++) service.model.definitions.create(auth, { ...badge(`d-${i}`) });
    injectFaults("/v1/issuer/credential-definitions/");
    await inBatches(CALLS, async (i) => {
      const published = await credport.credentialDefinitions.publish(`d-${i}`);
      expect(published.lifecycleStatus).toBe("published");
    });
    service.model.faults.clear();
    const drafts = await credport.credentialDefinitions.list({ lifecycleStatus: "draft" });
    expect(drafts.data).toEqual([]);
    const published = await (
      await credport.credentialDefinitions.list({ lifecycleStatus: "published", limit: 100 })
    ).toArray({ limit: 5000 });
    expect(published.filter((d) => d.credentialDefinitionId.startsWith("d-"))).toHaveLength(CALLS);
  }, 60_000);
});
