import {
  CLAIM_LEAF_RULE,
  claimLeaf,
  createOfferBody,
  listIssuanceQuery,
} from "@credport/core/contract";
import type { Definitions } from "./definitions.js";
import { definitionNotFound } from "./definitions.js";
import { deepCopy } from "./infrastructure/deep-copy.js";
import { notFound, validationError } from "./infrastructure/errors.js";
import { ExpiryQueue } from "./infrastructure/expiry-queue.js";
import { newId, randomDigits, randomToken } from "./infrastructure/ids.js";
import { clone, isObject, type Json, type JsonObject, parseInput } from "./infrastructure/input.js";
import type { Page } from "./infrastructure/pagination.js";
import { RecordStore } from "./infrastructure/record-store.js";
import { issuerStateOf } from "./issuer-state.js";
import { requireScope, type SecretAuth, type Tenant } from "./keys.js";
import type { ClaimEntry } from "./records/definition-record.js";
import { failureDetail } from "./records/failure-detail.js";
import type { IssuanceRecord } from "./records/issuance-record.js";
import { noteStep, noteWebhookAttempt, type TimelineEntry } from "./records/timeline.js";
import { issuanceView, timelineView } from "./records/views.js";
import { StatusListAllocation } from "./status-list-allocation.js";
import {
  ISSUANCE_TRANSITIONS,
  type IssuanceTrigger,
  OPEN_ISSUANCE_STATUSES,
} from "./transitions/issuance-transitions.js";
import { nextState } from "./transitions/state-machine.js";
import type { Webhooks } from "./webhooks.js";

export const OFFER_LIFETIME_MS = 15 * 60 * 1000;
export const TX_CODE_ATTEMPTS = 3;

const OPEN = OPEN_ISSUANCE_STATUSES;

export class Issuance {
  private readonly store = new RecordStore<IssuanceRecord>();
  /** Every issuance session, in creation order. */
  readonly records: IssuanceRecord[] = this.store.all;
  private readonly expiries = new ExpiryQueue();
  private readonly byPreAuthorizedCode = new Map<string, IssuanceRecord>();
  private readonly byIssuerState = new Map<string, IssuanceRecord>();
  private readonly statusLists = new StatusListAllocation();

  constructor(
    private readonly clock: { now(): number; iso(at?: number): string },
    private readonly definitions: Definitions,
    private readonly webhooks: Webhooks,
  ) {}

  createOffer(auth: SecretAuth, input: unknown): { record: IssuanceRecord; txCode?: string } {
    requireScope(auth, "issuance:write");
    const body = parseInput(createOfferBody, input);
    const { credentialDefinitionId, vct } = body;
    const claims = body.claims as JsonObject;
    const metadata = { ...body.metadata };
    const txCodeLength = body.txCode ? (body.txCode.length ?? 6) : undefined;
    const definition = this.definitions.resolvePublished(
      auth,
      credentialDefinitionId ? { credentialDefinitionId } : { vct: vct! },
      credentialDefinitionId ? "credentialDefinitionId" : "vct",
    );
    // The credential type: an SD-JWT VC's vct, an mdoc's doctype.
    const type = definition.format === "mso_mdoc" ? definition.doctype : definition.vct;
    if (!type || !definition.title) throw definitionNotFound();
    checkClaimsFit(claims, definition.claims);

    const now = this.clock.now();
    const statusListIndex = this.statusLists.allocate(auth);
    const record: IssuanceRecord = {
      id: newId("iss"),
      tenant: { projectId: auth.projectId, environment: auth.environment },
      status: "offer_created",
      credentialDefinitionId: definition.credentialDefinitionId,
      definition: {
        vct: type,
        title: definition.title,
        claims: clone(definition.claims),
        ...(definition.format !== "dc+sd-jwt"
          ? { format: definition.format, doctype: definition.doctype ?? type }
          : {}),
      },
      claims: clone(claims),
      issuanceMode: "InTime",
      metadata,
      createdAt: this.clock.iso(now),
      updatedAt: this.clock.iso(now),
      expiresAt: this.clock.iso(now + OFFER_LIFETIME_MS),
      preAuthorizedCode: randomToken(32),
      txCodeAttempts: 0,
      statusListIndex,
      ...(txCodeLength ? { txCode: randomDigits(txCodeLength) } : {}),
    };
    noteStep(record, record.createdAt, "created");
    this.store.add(record);
    this.byPreAuthorizedCode.set(record.preAuthorizedCode, record);
    this.byIssuerState.set(issuerStateOf(record.preAuthorizedCode), record);
    this.expiries.add(record.id, now + OFFER_LIFETIME_MS);
    return {
      record: deepCopy(record),
      ...(record.txCode !== undefined ? { txCode: record.txCode } : {}),
    };
  }

  get(auth: SecretAuth, id: string): IssuanceRecord {
    requireScope(auth, "issuance:read");
    return deepCopy(this.owned(auth, id));
  }

  list(auth: SecretAuth, rawQuery: unknown): Page<IssuanceRecord> {
    requireScope(auth, "issuance:read");
    const query = parseInput(listIssuanceQuery, rawQuery, "query");
    const status = query.status;
    const page = this.store.page(
      auth,
      query,
      status == null ? undefined : (r) => r.status === status,
    );
    return { ...page, data: page.data.map(deepCopy) };
  }

  cancel(auth: SecretAuth, id: string): IssuanceRecord {
    requireScope(auth, "issuance:write");
    this.owned(auth, id);
    return this.applyTrigger(id, "cancel");
  }

  revoke(auth: SecretAuth, id: string): IssuanceRecord {
    requireScope(auth, "issuance:write");
    const record = this.owned(auth, id);
    nextState(
      ISSUANCE_TRANSITIONS,
      record.status,
      "revoke",
      "issuance_not_revocable",
      `Issuance ${id}`,
    );
    if (record.credentialStatus !== "revoked") {
      const now = this.clock.iso();
      Object.assign(record, { credentialStatus: "revoked", revokedAt: now, updatedAt: now });
      noteStep(record, now, "revoked");
      this.webhooks.emit(record.tenant, "issuance.revoked", issuanceView(record));
    }
    return deepCopy(record);
  }

  /** `GET /v1/openid4vc/issuance/{issuanceId}/timeline`: the steps so far, in order. */
  timeline(auth: SecretAuth, id: string) {
    requireScope(auth, "issuance:read");
    return deepCopy(timelineView(this.owned(auth, id)));
  }

  /** A webhook delivery attempt of an event about this issuance (its timeline's last steps). */
  noteWebhookAttempt(id: string, event: string, status: number | undefined): void {
    const record = this.store.get(id);
    if (record) noteWebhookAttempt(record, this.clock.iso(), event, status);
  }

  /** Adds a step to an issuance's timeline (an unknown ID is ignored: nothing to tell). */
  noteStep(id: string, step: string, detail?: TimelineEntry["detail"]): void {
    const record = this.store.get(id);
    if (record) noteStep(record, this.clock.iso(), step, detail);
  }

  /** For the protocol endpoints: the full record, found by ID alone (wallets carry no key). */
  findForProtocol(id: string): IssuanceRecord | undefined {
    const record = this.store.get(id);
    return record ? deepCopy(record) : undefined;
  }

  findByPreAuthorizedCode(code: string): IssuanceRecord | undefined {
    const record = this.byPreAuthorizedCode.get(code);
    return record ? deepCopy(record) : undefined;
  }

  /** The offer whose authorization code grant carries this `issuer_state` ({@link issuerStateOf}). */
  findByIssuerState(issuerState: string): IssuanceRecord | undefined {
    const record = this.byIssuerState.get(issuerState);
    return record ? deepCopy(record) : undefined;
  }

  /** A wrong tx_code: counted; the third one fails the issuance. Returns the attempts left. */
  rejectTxCode(id: string): number {
    const record = this.byId(id);
    record.txCodeAttempts += 1;
    const left = TX_CODE_ATTEMPTS - record.txCodeAttempts;
    noteStep(record, this.clock.iso(), "tx_code_refused", { attempt: record.txCodeAttempts });
    if (left <= 0) this.applyTrigger(id, "tx_code_exhausted");
    return Math.max(left, 0);
  }

  /** The only way an issuance changes status: through the transition table, with its webhook. */
  applyTrigger(id: string, trigger: Exclude<IssuanceTrigger, "revoke">): IssuanceRecord {
    const record = this.byId(id);
    const to = nextState(
      ISSUANCE_TRANSITIONS,
      record.status,
      trigger,
      "issuance_invalid_state",
      `Issuance ${id}`,
    );
    const now = this.clock.iso();
    Object.assign(record, { status: to, updatedAt: now });
    if (to === "credential_issued") record.credentialStatus = "active";
    if (trigger === "tx_code_exhausted")
      record.failureDetail = failureDetail(
        "tx_code",
        `the offer's transaction code was expected; ${TX_CODE_ATTEMPTS} wrong ones were sent`,
      );
    noteStep(
      record,
      now,
      trigger === "offer_fetched" ? trigger : to,
      to === "failed" && record.failureDetail ? { check: record.failureDetail.check } : undefined,
    );
    this.webhooks.emit(record.tenant, `issuance.${to}`, issuanceView(record));
    return deepCopy(record);
  }

  /** When the next open offer expires (`Infinity`: none); nothing is due before. */
  get nextExpiry(): number {
    return this.expiries.nextAt;
  }

  /**
   * Expires every open offer whose expiresAt has passed, looking only at those that are due. One
   * that fails does not stop the others; the first failure is thrown at the end.
   */
  sweep(now: number): void {
    let failure: unknown;
    for (const id of this.expiries.takeDue(now)) {
      const record = this.store.get(id);
      if (!record || !OPEN.includes(record.status)) continue;
      try {
        this.applyTrigger(id, "expire");
      } catch (error) {
        failure ??= error;
      }
    }
    if (failure) throw failure;
  }

  /** A tenant's Token Status List: its length, and the revoked indices. */
  statusList(tenant: Tenant): { size: number; revoked: number[] } {
    const size = this.statusLists.capacity(tenant);
    const revoked = this.store
      .ofTenant(tenant)
      .filter((r) => r.credentialStatus === "revoked")
      .map((r) => r.statusListIndex);
    return { size, revoked };
  }

  /** Whether a status list index was handed out in the tenant's list. */
  statusListIndexIssued(tenant: Tenant, index: number): boolean {
    return this.statusLists.has(tenant, index);
  }

  /** How many status list indexes each tenant was handed, for the emulator's data file. */
  statusListSizes(): { tenant: Tenant; size: number }[] {
    return this.statusLists.counts();
  }

  /**
   * Puts back sessions saved by the emulator's data file, through the same indexes a create fills:
   * open offers go back on the expiry queue (those already past their `expiresAt` expire at the
   * next sweep, with their webhooks). The status list indices taken are the records' own (sessions
   * stay until reset), so the saved counts are not needed to avoid reuse.
   */
  restore(
    records: readonly IssuanceRecord[],
    _statusLists: readonly { tenant: Tenant; size: number }[],
  ): void {
    for (const saved of records) {
      const record = deepCopy(saved);
      this.store.add(record);
      this.byPreAuthorizedCode.set(record.preAuthorizedCode, record);
      this.byIssuerState.set(issuerStateOf(record.preAuthorizedCode), record);
      this.statusLists.restore(record.tenant, record.statusListIndex);
      if (OPEN.includes(record.status)) this.expiries.add(record.id, Date.parse(record.expiresAt));
    }
  }

  private byId(id: string): IssuanceRecord {
    const record = this.store.get(id);
    if (!record) throw issuanceNotFound();
    return record;
  }

  private owned(tenant: Tenant, id: string): IssuanceRecord {
    const record = this.store.owned(tenant, id);
    if (!record) throw issuanceNotFound();
    return record;
  }
}

const issuanceNotFound = () =>
  notFound("not_found", "No such issuance session in this project and environment.");

/**
 * Claims (already within the contract's limits) must fit the definition: every mandatory path
 * present, no undeclared path, a value at each declared path. The first problem is reported.
 */
export function checkClaimsFit(claims: JsonObject, declared: ClaimEntry[]): void {
  const declaredKeys = new Set(declared.map((c) => c.path.join("\u0000")));
  const prefixes = new Set(
    declared.flatMap((c) =>
      c.path.slice(0, -1).map((_, i) => c.path.slice(0, i + 1).join("\u0000")),
    ),
  );
  const walk = (node: JsonObject, path: string[]) => {
    for (const [key, value] of Object.entries(node)) {
      const here = [...path, key];
      const id = here.join("\u0000");
      if (isObject(value) && prefixes.has(id)) {
        walk(value, here);
      } else if (!declaredKeys.has(id)) {
        throw validationError(
          `claims.${here.join(".")}: not a claim path of the credential definition`,
          { field: `claims.${here.join(".")}` },
        );
      } else if (!claimLeaf.safeParse(value).success) {
        throw validationError(`claims.${here.join(".")}: ${CLAIM_LEAF_RULE}`, {
          field: `claims.${here.join(".")}`,
        });
      }
    }
  };
  walk(claims, []);
  for (const claim of declared) {
    if (!claim.mandatory) continue;
    let node: Json | undefined = claims;
    for (const segment of claim.path) node = isObject(node) ? node[segment] : undefined;
    if (node === undefined || node === null) {
      throw validationError(
        `claims.${claim.path.join(".")}: is mandatory in the credential definition`,
        {
          field: `claims.${claim.path.join(".")}`,
        },
      );
    }
  }
}
