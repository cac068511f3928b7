import type { Definitions } from "./definitions.js";
import { type ClaimEntry, definitionNotFound } from "./definitions.js";
import { notFound, validationError } from "./errors.js";
import { newId, randomDigits, randomToken } from "./ids.js";
import {
  clone,
  isObject,
  type Json,
  type JsonObject,
  optionalString,
  optionalStringMap,
  requireBody,
} from "./input.js";
import {
  ISSUANCE_TRANSITIONS,
  type IssuanceStatus,
  type IssuanceTrigger,
} from "./issuance-transitions.js";
import { requireScope, type SecretAuth, sameTenant, type Tenant } from "./keys.js";
import { type Page, type PageQuery, paginate } from "./pagination.js";
import { nextState } from "./state-machine.js";
import { issuanceView } from "./views.js";
import type { Webhooks } from "./webhooks.js";

export const OFFER_LIFETIME_MS = 15 * 60 * 1000;
export const TX_CODE_ATTEMPTS = 3;

export interface IssuanceRecord {
  id: string;
  tenant: Tenant;
  status: IssuanceStatus;
  credentialDefinitionId: string;
  definition: { vct: string; title: string; claims: ClaimEntry[] };
  claims: JsonObject;
  issuanceMode: "InTime";
  metadata: Record<string, string>;
  credentialStatus?: "active" | "revoked";
  revokedAt?: string;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  /** Protocol data, never on the management API. */
  preAuthorizedCode: string;
  txCode?: string;
  txCodeAttempts: number;
  /** Index of this credential in its tenant's Token Status List. */
  statusListIndex: number;
}

export class Issuance {
  readonly records: IssuanceRecord[] = [];
  private readonly statusListSize = new Map<string, number>();

  constructor(
    private readonly clock: { now(): number; iso(at?: number): string },
    private readonly definitions: Definitions,
    private readonly webhooks: Webhooks,
  ) {}

  createOffer(auth: SecretAuth, input: unknown): { record: IssuanceRecord; txCode?: string } {
    requireScope(auth, "issuance:write");
    const body = requireBody(input);
    if (!isObject(body.claims)) {
      throw validationError(
        body.claims === undefined ? "claims: is required" : "claims: must be an object",
        { field: "claims" },
      );
    }
    const credentialDefinitionId = optionalString(body, "credentialDefinitionId", 100);
    const vct = optionalString(body, "vct", 500);
    if ((credentialDefinitionId === undefined) === (vct === undefined)) {
      throw validationError("credentialDefinitionId, vct: send exactly one of them", {
        field: "credentialDefinitionId",
      });
    }
    const metadata = optionalStringMap(body, "metadata") ?? {};
    const issuanceMode = body.issuanceMode ?? "InTime";
    if (issuanceMode !== "InTime")
      throw validationError('issuanceMode: must be "InTime"', { field: "issuanceMode" });
    const txCodeLength = readTxCode(body.txCode);
    const definition = this.definitions.resolvePublished(
      auth,
      credentialDefinitionId ? { credentialDefinitionId } : { vct },
      credentialDefinitionId ? "credentialDefinitionId" : "vct",
    );
    if (!definition.vct || !definition.title) throw definitionNotFound();
    checkClaimsFit(body.claims, definition.claims);

    const now = this.clock.now();
    const tenantKey = `${auth.projectId}:${auth.environment}`;
    const statusListIndex = this.statusListSize.get(tenantKey) ?? 0;
    this.statusListSize.set(tenantKey, statusListIndex + 1);
    const record: IssuanceRecord = {
      id: newId("iss"),
      tenant: { projectId: auth.projectId, environment: auth.environment },
      status: "offer_created",
      credentialDefinitionId: definition.credentialDefinitionId,
      definition: {
        vct: definition.vct,
        title: definition.title,
        claims: clone(definition.claims),
      },
      claims: clone(body.claims),
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
    this.records.push(record);
    return { record: clone(record), txCode: record.txCode };
  }

  get(auth: SecretAuth, id: string): IssuanceRecord {
    requireScope(auth, "issuance:read");
    return clone(this.owned(auth, id));
  }

  list(auth: SecretAuth, query: PageQuery & { status?: string | null }): Page<IssuanceRecord> {
    requireScope(auth, "issuance:read");
    if (query.status != null && !ISSUANCE_STATUSES.includes(query.status as IssuanceStatus)) {
      throw validationError(`status: must be one of ${ISSUANCE_STATUSES.join(", ")}`, {
        field: "status",
      });
    }
    const items = this.records
      .filter(
        (r) => sameTenant(r.tenant, auth) && (query.status == null || r.status === query.status),
      )
      .reverse();
    const page = paginate(items, query, (r) => r.id);
    return { ...page, data: page.data.map(clone) };
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
      this.webhooks.emit(record.tenant, "issuance.revoked", issuanceView(record));
    }
    return clone(record);
  }

  /** For the protocol endpoints: the full record, found by ID alone (wallets carry no key). */
  findForProtocol(id: string): IssuanceRecord | undefined {
    const record = this.records.find((r) => r.id === id);
    return record ? clone(record) : undefined;
  }

  findByPreAuthorizedCode(code: string): IssuanceRecord | undefined {
    const record = this.records.find((r) => r.preAuthorizedCode === code);
    return record ? clone(record) : undefined;
  }

  /** A wrong tx_code: counted; the third one fails the issuance. Returns the attempts left. */
  rejectTxCode(id: string): number {
    const record = this.byId(id);
    record.txCodeAttempts += 1;
    const left = TX_CODE_ATTEMPTS - record.txCodeAttempts;
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
    this.webhooks.emit(record.tenant, `issuance.${to}`, issuanceView(record));
    return clone(record);
  }

  /** Expires every open offer whose expiresAt has passed. */
  sweep(now: number): void {
    for (const record of this.records) {
      if (
        ["offer_created", "ready_to_issue", "token_issued"].includes(record.status) &&
        Date.parse(record.expiresAt) <= now
      ) {
        this.applyTrigger(record.id, "expire");
      }
    }
  }

  /** Revocation states of a tenant's Token Status List, by index. */
  statusList(tenant: Tenant): { size: number; revoked: number[] } {
    const size = this.statusListSize.get(`${tenant.projectId}:${tenant.environment}`) ?? 0;
    const revoked = this.records
      .filter((r) => sameTenant(r.tenant, tenant) && r.credentialStatus === "revoked")
      .map((r) => r.statusListIndex);
    return { size, revoked };
  }

  /** Each tenant's status list length: how many indexes were handed out. */
  statusListSizes(): { tenant: Tenant; size: number }[] {
    return [...this.statusListSize].map(([key, size]) => {
      const [projectId, environment] = key.split(":") as [string, Tenant["environment"]];
      return { tenant: { projectId, environment }, size };
    });
  }

  /** Puts back sessions and status list lengths saved by the emulator's data file. */
  restore(
    records: readonly IssuanceRecord[],
    statusLists: readonly { tenant: Tenant; size: number }[],
  ): void {
    for (const record of records) this.records.push(clone(record));
    for (const { tenant, size } of statusLists)
      this.statusListSize.set(`${tenant.projectId}:${tenant.environment}`, size);
  }

  private byId(id: string): IssuanceRecord {
    const record = this.records.find((r) => r.id === id);
    if (!record) throw issuanceNotFound();
    return record;
  }

  private owned(tenant: Tenant, id: string): IssuanceRecord {
    const record = this.records.find((r) => r.id === id && sameTenant(r.tenant, tenant));
    if (!record) throw issuanceNotFound();
    return record;
  }
}

const ISSUANCE_STATUSES: IssuanceStatus[] = [
  "offer_created",
  "ready_to_issue",
  "token_issued",
  "credential_issued",
  "canceled",
  "expired",
  "failed",
];

const issuanceNotFound = () =>
  notFound("not_found", "No such issuance session in this project and environment.");

function readTxCode(value: Json | undefined): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isObject(value))
    throw validationError("txCode: must be an object such as { length: 6 }", { field: "txCode" });
  const length = value.length ?? 6;
  if (typeof length !== "number" || !Number.isInteger(length) || length < 4 || length > 8) {
    throw validationError("txCode.length: must be an integer from 4 to 8", {
      field: "txCode.length",
    });
  }
  return length;
}

/**
 * Claims must fit the definition: every mandatory path present, no undeclared path, leaves are
 * strings, numbers or booleans. The first problem is reported.
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
      } else if (!["string", "number", "boolean"].includes(typeof value)) {
        throw validationError(`claims.${here.join(".")}: must be a string, number or boolean`, {
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
