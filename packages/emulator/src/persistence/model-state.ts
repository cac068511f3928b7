import type { Model, ModelLimits } from "@credport/mock";
import type {
  DefinitionRecord,
  IssuanceRecord,
  KeyRecord,
  PolicyRecord,
  VerificationRecord,
  WebhookEndpoint,
  WebhookEventRecord,
} from "@credport/mock/engine";
import type { SavedModel } from "./saved-state.js";

/** Webhook events kept in the data file: the newest ones, as history for the dashboard. */
const SAVED_EVENTS = 1000;

/** Everything the model holds that outlives a restart, as plain JSON (see saved-state.ts). */
export async function saveModel(model: Model): Promise<SavedModel> {
  const protocolKeys = await model.protocol.exportKeys();
  const resultSigningKey = await model.signer.exportKey();
  const testCa = (await model.ca.savedIfMade()) ?? null;
  const certificates = await model.protocol.exportCertificates();
  // From here on synchronous: every record is read at the same moment.
  const snapshot = model.snapshot();
  return structuredClone({
    clockOffsetMs: model.clock.offsetMs,
    projects: [...model.keys.projects],
    keys: [...model.keys.keys.values()],
    definitions: snapshot.definitions.owned,
    policies: snapshot.policies,
    issuance: model.issuance.records,
    statusLists: model.issuance.statusListSizes(),
    verifications: model.verifications.records,
    webhookEndpoints: model.webhooks.endpoints,
    webhookEvents: model.webhooks.events
      .slice(-SAVED_EVENTS)
      .map(({ tenant, event, payload, signature }) => ({ tenant, event, payload, signature })),
    issuerKeys: protocolKeys.issuers,
    verifierKeys: protocolKeys.verifiers,
    resultSigningKey,
    testCa,
    certificates,
  }) as unknown as SavedModel;
}

/**
 * What a saved state holds beyond a cap that refuses rather than forgets (more webhook endpoints
 * than may be registered), or `undefined`. Capped histories (webhook events) are trimmed on load
 * as they are while running.
 */
export function overLimit(
  saved: SavedModel,
  limits: Readonly<ModelLimits>,
): { limit: keyof ModelLimits; what: string; count: number; max: number } | undefined {
  const count = saved.webhookEndpoints.length;
  if (count <= limits.webhookEndpoints) return undefined;
  return {
    limit: "webhookEndpoints",
    what: "webhook endpoints",
    count,
    max: limits.webhookEndpoints,
  };
}

/**
 * Replaces the model's state with a saved one (checked with {@link overLimit} first): a reset, then every record put back through the
 * components, which rebuild their own indexes. Expiries that fell due meanwhile run at the next
 * sweep, with their webhooks.
 */
export function restoreModel(model: Model, saved: SavedModel): void {
  model.reset();
  model.clock.restoreOffset(saved.clockOffsetMs);
  model.keys.restore(saved.projects, saved.keys as KeyRecord[]);
  model.definitions.restore(saved.definitions as unknown as DefinitionRecord[]);
  model.policies.restore(saved.policies as unknown as PolicyRecord[]);
  model.issuance.restore(saved.issuance as unknown as IssuanceRecord[], saved.statusLists);
  model.verifications.restore(saved.verifications as unknown as VerificationRecord[]);
  model.webhooks.restore(
    saved.webhookEndpoints as WebhookEndpoint[],
    saved.webhookEvents as WebhookEventRecord[],
  );
  model.protocol.restoreKeys({
    issuers: saved.issuerKeys,
    verifiers: saved.verifierKeys,
  } as Parameters<Model["protocol"]["restoreKeys"]>[0]);
  if (saved.resultSigningKey) model.signer.restoreKey(saved.resultSigningKey);
  // The leaves only with the root that signed them: a file without a root gets new ones.
  if (saved.testCa) {
    model.ca.restore(saved.testCa as Parameters<Model["ca"]["restore"]>[0]);
    model.protocol.restoreCertificates(
      saved.certificates as Parameters<Model["protocol"]["restoreCertificates"]>[0],
    );
  }
  model.changes.notify();
}
