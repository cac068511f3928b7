import { createVerificationBody, listVerificationsQuery } from "@credport/core/contract";
import { bearerToken } from "./infrastructure/bearer-token.js";
import { deepCopy } from "./infrastructure/deep-copy.js";
import { Emitter } from "./infrastructure/emitter.js";
import { ModelError, notFound, validationError } from "./infrastructure/errors.js";
import { ExpiryQueue } from "./infrastructure/expiry-queue.js";
import { expiryTime } from "./infrastructure/expiry-time.js";
import { newId, randomToken } from "./infrastructure/ids.js";
import { type JsonObject, parseInput } from "./infrastructure/input.js";
import type { Page } from "./infrastructure/pagination.js";
import { RecordStore } from "./infrastructure/record-store.js";
import { type Keys, requireScope, type SecretAuth, sameTenant, type Tenant } from "./keys.js";
import type { ResultSigner } from "./pki/result-signer.js";
import type { Policies } from "./policies.js";
import type { FailureCheck, FailureDetail } from "./records/failure-detail.js";
import { statusViewOf } from "./records/status-view-of.js";
import {
  checkSteps,
  noteStep,
  noteWebhookAttempt,
  type TimelineEntry,
} from "./records/timeline.js";
import type { DcApiAnswerTranscript, VerificationRecord } from "./records/verification-record.js";
import { timelineView, verificationView } from "./records/views.js";
import { nextState } from "./transitions/state-machine.js";
import {
  FAILURE_CODES,
  type FailureCode,
  isOpenVerification,
  type KnownFailureCode,
  VERIFICATION_TERMINAL,
  VERIFICATION_TRANSITIONS,
  type VerificationTrigger,
} from "./transitions/verification-transitions.js";
import type { Webhooks } from "./webhooks.js";

export const VERIFICATION_LIFETIME_MS = 15 * 60 * 1000;

type Listener = (record: VerificationRecord) => void;

export class Verifications {
  private readonly store = new RecordStore<VerificationRecord>();
  /** Every verification, in creation order. */
  readonly records: VerificationRecord[] = this.store.all;
  private readonly expiries = new ExpiryQueue();
  private readonly listeners = new Map<string, Emitter<VerificationRecord>>();

  constructor(
    private readonly clock: { now(): number; iso(at?: number): string },
    private readonly keys: Keys,
    private readonly policies: Policies,
    private readonly webhooks: Webhooks,
    private readonly signer: ResultSigner,
  ) {}

  create(auth: SecretAuth, input: unknown): VerificationRecord {
    requireScope(auth, "verifications:write");
    const body = parseInput(createVerificationBody, input);
    const policyId = body.policy_id;
    const customerUserRef = body.customer_user_ref ?? null;
    const metadata = { ...body.metadata };
    // Once each: wallets compare the strings, a duplicate adds nothing.
    const expectedOrigins = body.expected_origins && [...new Set(body.expected_origins)];
    const policy = this.policies.resolveForVerification(auth, policyId);
    const now = this.clock.now();
    const record: VerificationRecord = {
      id: newId("ver"),
      tenant: { projectId: auth.projectId, environment: auth.environment },
      status: "pending",
      policyId,
      policy: {
        vct: policy.vct,
        fields: policy.fields,
        ...(policy.format ? { format: policy.format } : {}),
      },
      customerUserRef,
      metadata,
      clientToken: `ct_${randomToken(40)}`,
      nonce: randomToken(32),
      ...(expectedOrigins ? { expectedOrigins } : {}),
      createdAt: this.clock.iso(now),
      updatedAt: this.clock.iso(now),
      expiresAt: this.clock.iso(now + VERIFICATION_LIFETIME_MS),
    };
    // With expected_origins, the create answer hands over the Digital Credentials API request.
    noteStep(
      record,
      record.createdAt,
      "created",
      expectedOrigins ? { channel: "dc-api" } : undefined,
    );
    this.store.add(record);
    this.expiries.add(record.id, now + VERIFICATION_LIFETIME_MS);
    return deepCopy(record);
  }

  get(auth: SecretAuth, id: string): VerificationRecord {
    requireScope(auth, "verifications:read");
    return deepCopy(this.owned(auth, id));
  }

  list(auth: SecretAuth, rawQuery: unknown): Page<VerificationRecord> {
    requireScope(auth, "verifications:read");
    const query = parseInput(listVerificationsQuery, rawQuery, "query");
    const status = query.status;
    const page = this.store.page(
      auth,
      query,
      status == null ? undefined : (r) => r.status === status,
    );
    return { ...page, data: page.data.map(deepCopy) };
  }

  cancel(auth: SecretAuth, id: string): VerificationRecord {
    requireScope(auth, "verifications:write");
    this.owned(auth, id);
    return this.applyTrigger(id, "cancel");
  }

  /**
   * Status read by a browser: `Authorization: Bearer <client_token>` and `X-Publishable-Key`.
   * Missing token → 401 missing_token; unknown, mismatched or expired token → 401 invalid_token;
   * publishable key of another project → 403 key_mismatch.
   */
  authorizeBrowser(
    id: string,
    authorization: string | null,
    publishableKey: string | null,
  ): VerificationRecord {
    return deepCopy(this.browserReadable(id, authorization, publishableKey));
  }

  /**
   * A verification a wallet's answer may be posted to: by a server with a secret key that may
   * write verifications of its project, or by a browser under the rules of {@link authorizeBrowser}.
   */
  answerable(
    auth: SecretAuth | undefined,
    id: string,
    authorization: string | null,
    publishableKey: string | null,
  ): VerificationRecord {
    if (!auth) return deepCopy(this.browserReadable(id, authorization, publishableKey));
    requireScope(auth, "verifications:write");
    return deepCopy(this.owned(auth, id));
  }

  /** `GET /v1/verifications/{id}/timeline`: the steps so far, in order. */
  timeline(auth: SecretAuth, id: string) {
    requireScope(auth, "verifications:read");
    return deepCopy(timelineView(this.owned(auth, id)));
  }

  /** A webhook delivery attempt of an event about this verification (its timeline's last steps). */
  noteWebhookAttempt(id: string, event: string, status: number | undefined): void {
    const record = this.store.get(id);
    if (record) noteWebhookAttempt(record, this.clock.iso(), event, status);
  }

  /** Adds a step to a verification's timeline (an unknown ID is ignored: nothing to tell). */
  noteStep(id: string, step: string, detail?: TimelineEntry["detail"]): void {
    const record = this.store.get(id);
    if (record) noteStep(record, this.clock.iso(), step, detail);
  }

  /**
   * Adds the checks a format made of a presentation, in its order (`CredentialFormat.checks`):
   * every one passed, or those before the one that failed.
   */
  noteChecks(id: string, order: readonly FailureCheck[], failed: FailureCheck | undefined): void {
    for (const detail of checkSteps(order, failed)) this.noteStep(id, "check", detail);
  }

  /** Status read by a server with the secret key. */
  getForServer(auth: SecretAuth, id: string): VerificationRecord {
    requireScope(auth, "verifications:read");
    return deepCopy(this.owned(auth, id));
  }

  /** The status a browser reads (rules of {@link authorizeBrowser}), without copying the whole record. */
  browserStatus(id: string, authorization: string | null, publishableKey: string | null) {
    return statusViewOf(this.browserReadable(id, authorization, publishableKey));
  }

  /** The status a server reads (rules of {@link getForServer}), without copying the whole record. */
  serverStatus(auth: SecretAuth, id: string) {
    requireScope(auth, "verifications:read");
    return statusViewOf(this.owned(auth, id));
  }

  private browserReadable(
    id: string,
    authorization: string | null,
    publishableKey: string | null,
  ): VerificationRecord {
    const token = bearerToken(authorization);
    if (!token)
      throw new ModelError(
        401,
        "missing_token",
        "No client token: send Authorization: Bearer <client token>.",
      );
    const key = this.keys.authenticatePublishable(publishableKey);
    const record = this.store.get(id);
    if (!record || record.clientToken !== token || expiryTime(record) <= this.clock.now()) {
      throw new ModelError(401, "invalid_token", "The client token is invalid or has expired.");
    }
    if (!sameTenant(record.tenant, key)) {
      throw new ModelError(
        403,
        "key_mismatch",
        "The publishable key belongs to another project or environment than this verification.",
      );
    }
    return record;
  }

  /** The signed result: the policy's fields, and a JWS over the same content. */
  async result(auth: SecretAuth, id: string, issuer: string) {
    requireScope(auth, "verifications:read");
    const record = this.owned(auth, id);
    if (!(VERIFICATION_TERMINAL as readonly string[]).includes(record.status)) {
      throw new ModelError(
        409,
        "verification_not_finished",
        `Verification is ${record.status}; its result exists once it has ended.`,
      );
    }
    const content = {
      object: "verification_result",
      verification_id: record.id,
      status: record.status,
      ...(record.status === "failed" && record.failureCode
        ? { failure_code: record.failureCode }
        : {}),
      ...(record.status === "failed" && record.failureDetail
        ? { failure_detail: deepCopy(record.failureDetail) }
        : {}),
      policy_id: record.policyId,
      customer_user_ref: record.customerUserRef,
      claims: record.status === "verified" ? deepCopy(record.claims ?? {}) : {},
    };
    const resultToken = await this.signer.sign(content, {
      issuer,
      audience: record.tenant.projectId,
      now: this.clock.now(),
    });
    return { ...content, result_token: resultToken };
  }

  findForProtocol(id: string): VerificationRecord | undefined {
    const record = this.store.get(id);
    return record ? deepCopy(record) : undefined;
  }

  /** The only way a verification changes status: through the transition table, with its webhook. */
  applyTrigger(
    id: string,
    trigger: VerificationTrigger,
    data: { claims?: JsonObject; failureCode?: FailureCode; failureDetail?: FailureDetail } = {},
  ): VerificationRecord {
    const record = this.store.get(id);
    if (!record) throw verificationNotFound();
    const to = nextState(
      VERIFICATION_TRANSITIONS,
      record.status,
      trigger,
      "verification_invalid_state",
      `Verification ${id}`,
    );
    if (to === "failed" && !FAILURE_CODES.includes(data.failureCode as KnownFailureCode)) {
      throw validationError(
        `presentation_failed needs a failure code, one of ${FAILURE_CODES.join(", ")}`,
      );
    }
    Object.assign(record, { status: to, updatedAt: this.clock.iso() });
    // Checked above: a failed verification always has its failure code.
    if (to === "failed" && data.failureCode !== undefined) record.failureCode = data.failureCode;
    if (to === "failed" && data.failureDetail) record.failureDetail = deepCopy(data.failureDetail);
    if (to === "verified") record.claims = deepCopy(data.claims ?? {});
    noteStep(
      record,
      record.updatedAt,
      trigger === "request_fetched" ? trigger : to,
      to === "failed"
        ? {
            failure_code: record.failureCode!,
            ...(record.failureDetail ? { check: record.failureDetail.check } : {}),
          }
        : undefined,
    );
    this.webhooks.emit(record.tenant, `verification.${to}`, verificationView(record));
    this.listeners.get(id)?.emit(deepCopy(record));
    return deepCopy(record);
  }

  /** Keeps the transcript of a DC API answer on the verification (the dashboard shows it). */
  noteDcApiAnswer(id: string, transcript: DcApiAnswerTranscript): void {
    const record = this.store.get(id);
    if (record) record.dcApiAnswer = deepCopy(transcript);
  }

  /** Realtime: called on every status change of this verification. */
  subscribe(id: string, listener: Listener): () => void {
    const emitter = this.listeners.get(id) ?? new Emitter<VerificationRecord>();
    this.listeners.set(id, emitter);
    const unsubscribe = emitter.subscribe(listener);
    return () => {
      unsubscribe();
      if (emitter.size === 0 && this.listeners.get(id) === emitter) this.listeners.delete(id);
    };
  }

  /** When the next open verification expires (`Infinity`: none); nothing is due before. */
  get nextExpiry(): number {
    return this.expiries.nextAt;
  }

  /**
   * Expires every open verification whose expiresAt has passed, looking only at those that are
   * due. One that fails does not stop the others; the first failure is thrown at the end.
   */
  sweep(now: number): void {
    let failure: unknown;
    for (const id of this.expiries.takeDue(now)) {
      const record = this.store.get(id);
      if (!record || (record.status !== "pending" && record.status !== "in_progress")) continue;
      try {
        this.applyTrigger(id, "expire");
      } catch (error) {
        failure ??= error;
      }
    }
    if (failure) throw failure;
  }

  /**
   * Puts back verifications saved by the emulator's data file, through the same indexes a create
   * fills: open ones go back on the expiry queue (those already past their `expiresAt` expire at
   * the next sweep, with their webhooks).
   */
  restore(records: readonly VerificationRecord[]): void {
    for (const saved of records) {
      const record = deepCopy(saved);
      this.store.add(record);
      if (isOpenVerification(record.status))
        this.expiries.add(record.id, Date.parse(record.expiresAt));
    }
  }

  private owned(tenant: Tenant, id: string): VerificationRecord {
    const record = this.store.owned(tenant, id);
    if (!record) throw verificationNotFound();
    return record;
  }
}

const verificationNotFound = () =>
  notFound("not_found", "No such verification in this project and environment.");
