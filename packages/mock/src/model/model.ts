import type { LookupFunction } from "node:net";
import { CredportConfigurationError } from "@credport/core";
import { Definitions } from "./definitions.js";
import { ChangeFeed } from "./infrastructure/change-feed.js";
import { Clock } from "./infrastructure/clock.js";
import { deepCopy } from "./infrastructure/deep-copy.js";
import { Faults } from "./infrastructure/faults.js";
import { Idempotency } from "./infrastructure/idempotency.js";
import { type ModelLimits, resolveLimits } from "./infrastructure/limits.js";
import { Notices, type WebhookAttemptNotice } from "./infrastructure/notices.js";
import { Realtime } from "./infrastructure/realtime.js";
import { Issuance } from "./issuance.js";
import { type Environment, Keys, type ProjectKeys, type Scope } from "./keys.js";
import {
  type AttestationTrust,
  type ResolvedAttestationTrust,
  resolveAttestationTrust,
} from "./pki/attestation-trust.js";
import { ResultSigner } from "./pki/result-signer.js";
import { TestCertificateAuthority } from "./pki/test-ca.js";
import { type TrustedIssuerRoot, TrustedIssuers } from "./pki/trusted-issuers.js";
import type { VerifierIdentity } from "./pki/verifier-identity.js";
import { Policies } from "./policies.js";
import { ProtocolState } from "./protocol-state/protocol-state.js";
import type { VerifierClientIdPrefix } from "./protocol-state/verifier-protocol-state.js";
import { Verifications } from "./verifications.js";
import { Webhooks } from "./webhooks.js";

export interface ModelOptions {
  /**
   * Used for webhook deliveries, as given (redirects are not followed). Without it the model
   * delivers over node:http(s), refusing link-local and metadata addresses (see
   * {@link ModelOptions.allowLinkLocalWebhooks}).
   */
  fetch?: typeof fetch | undefined;
  /**
   * Deliver webhooks to link-local and cloud metadata addresses too (169.254.0.0/16, fe80::/10,
   * `metadata.google.internal`…). Off by default: an endpoint there would make the mock fetch the
   * machine's cloud credentials. Loopback and private addresses are always allowed.
   */
  allowLinkLocalWebhooks?: boolean | undefined;
  /**
   * Resolves webhook endpoints' host names (default `dns.lookup`); the addresses it answers are
   * the ones checked and connected to. For tests that need a name to resolve somewhere.
   */
  webhookLookup?: LookupFunction | undefined;
  /** Overrides of the caps in {@link DEFAULT_MODEL_LIMITS} (each a positive integer). */
  limits?: Partial<ModelLimits> | undefined;
  /**
   * Which wallets the protocol endpoints speak to (docs/protocol.md). `"haip"` (default): the
   * OpenID4VC High Assurance Interoperability Profile 1.0, what production verifiers for the EU
   * digital identity wallets run. `"plain"`: OpenID4VCI/OpenID4VP without HAIP's extra
   * requirements (a `did:jwk` client ID, plain `direct_post`), for wallets that lack HAIP.
   */
  profile?: ProtocolProfile | undefined;
  /**
   * The wallet providers whose wallet and key attestations the issuer trusts, and whether it
   * requires them (`haip` profile; default: none trusted, none required). See {@link AttestationTrust}.
   */
  attestations?: AttestationTrust | undefined;
  /**
   * Root certificates of other issuers whose credentials the verifier accepts beside its own: PEM
   * strings (one or more certificates each) or DER bytes. An SD-JWT VC whose `x5c`, or an mdoc
   * whose `x5chain`, ends at one of them verifies with its leaf's key like one of the model's own
   * issuers (its status list, on that issuer's side, is not read); under the `"haip"` profile their
   * key identifiers join the test CA's in DCQL `trusted_authorities`. Every root must be a CA
   * certificate valid now, else the model is not made (`invalid_option`, naming the entry).
   */
  trustedIssuers?: readonly TrustedIssuerRoot[] | undefined;
  /**
   * The client identifier prefix of the verifiers under the `"haip"` profile: `"x509_hash"`
   * (default, what HAIP 1.0 requires: the SHA-256 of the verifier's access certificate) or
   * `"x509_san_dns"` (the host of the base URL, named by that certificate; OpenID4VP 1.0, not
   * HAIP). The `"plain"` profile always uses `decentralized_identifier:did:jwk:…`.
   */
  verifierClientIdPrefix?: "x509_hash" | "x509_san_dns" | undefined;
}

/** The protocol profile of a model: see {@link ModelOptions.profile}. */
export type ProtocolProfile = "haip" | "plain";

/** Every {@link ProtocolProfile}, the first the default. */
export const PROTOCOL_PROFILES: readonly ProtocolProfile[] = ["haip", "plain"];

/** One entry of {@link Model.requestLog}. */
export interface LoggedRequest {
  method: string;
  /** The path below the base URL, at most 2,048 characters of it. */
  path: string;
}

/** Expiries are looked at least this often while someone keeps them running in real time. */
const EXPIRY_TICK_MS = 1000;
const LOGGED_PATH_MAX = 2048;

/**
 * One in-memory Credport service. msw handlers and the emulator serve the same model through the
 * same routes; tests drive its clock, realtime switch and fault injection directly.
 */
export class Model {
  /** The caps on what the model keeps (docs/api.md, "Emulator limits"). */
  readonly limits: Readonly<ModelLimits>;
  /** The protocol profile its wallet-facing endpoints follow ({@link ModelOptions.profile}). */
  readonly profile: ProtocolProfile;
  /** The attestation trust of its issuer ({@link ModelOptions.attestations}). */
  readonly attestations: ResolvedAttestationTrust;
  /** The other issuers' roots its verifier trusts ({@link ModelOptions.trustedIssuers}). */
  readonly trustedIssuers: TrustedIssuers;
  clock!: Clock;
  faults!: Faults;
  realtime!: Realtime;
  keys!: Keys;
  webhooks!: Webhooks;
  definitions!: Definitions;
  issuance!: Issuance;
  policies!: Policies;
  verifications!: Verifications;
  idempotency!: Idempotency;
  signer!: ResultSigner;
  /** Every request logged since the last trim: up to twice `limits.requestLog` ({@link logRequest}). */
  private loggedRequests!: LoggedRequest[];
  /** What the wallet-facing protocol endpoints remember between steps. */
  protocol!: ProtocolState;
  /**
   * Notified on every change a live view shows: webhook events and deliveries, resets (and, in the
   * emulator, every request that may write). It outlives {@link reset}.
   */
  readonly changes = new ChangeFeed();
  /**
   * Each webhook delivery attempt and each refused key of an earlier run, as they happen (the
   * emulator's CLI prints them). It outlives {@link reset}.
   */
  readonly notices = new Notices();
  /**
   * The test CA whose root signs the verifiers' access certificates and the issuers'
   * document-signer certificates under the `"haip"` profile (docs/protocol.md). It outlives
   * {@link reset}: a wallet told to trust its root keeps trusting it.
   */
  readonly ca = new TestCertificateAuthority();
  /** How verifiers name themselves: see {@link ModelOptions.verifierClientIdPrefix}. */
  readonly verifierClientIdPrefix: VerifierClientIdPrefix;
  private expiryHolds = 0;
  private expiryTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: ModelOptions = {}) {
    this.limits = Object.freeze(resolveLimits(options.limits));
    this.profile = options.profile ?? "haip";
    if (!PROTOCOL_PROFILES.includes(this.profile))
      throw new CredportConfigurationError(
        `@credport/mock: profile must be one of ${PROTOCOL_PROFILES.join(", ")}: got ${String(options.profile)}`,
        { code: "invalid_option" },
      );
    this.attestations = resolveAttestationTrust(options.attestations);
    this.trustedIssuers = TrustedIssuers.resolve(options.trustedIssuers);
    const prefix = options.verifierClientIdPrefix ?? "x509_hash";
    if (prefix !== "x509_hash" && prefix !== "x509_san_dns")
      throw new CredportConfigurationError(
        `@credport/mock: verifierClientIdPrefix must be x509_hash or x509_san_dns: got ${String(prefix)}`,
        { code: "invalid_option" },
      );
    this.verifierClientIdPrefix = this.profile === "plain" ? "did" : prefix;
    this.reset();
  }

  /** Forgets everything: projects, keys, records, clock offset, faults; realtime back on. */
  reset(): void {
    const now = () => this.clock.iso();
    this.clock = new Clock();
    this.faults = new Faults(this.limits.faultRules);
    this.realtime = new Realtime(this.limits.realtimeStreams);
    this.keys = new Keys(now, (keyType) => this.notices.emit({ kind: "earlier_run_key", keyType }));
    this.webhooks = new Webhooks(
      this.clock,
      this.keys,
      {
        ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
        allowLinkLocal: this.options.allowLinkLocalWebhooks === true,
        ...(this.options.webhookLookup ? { lookup: this.options.webhookLookup } : {}),
      },
      this.limits,
      (notice) => {
        this.notices.emit(notice);
        this.noteWebhookAttempt(notice);
      },
    );
    this.definitions = new Definitions(now);
    this.issuance = new Issuance(this.clock, this.definitions, this.webhooks);
    this.policies = new Policies(now, this.definitions);
    this.signer = new ResultSigner();
    this.verifications = new Verifications(
      this.clock,
      this.keys,
      this.policies,
      this.webhooks,
      this.signer,
    );
    this.idempotency = new Idempotency(this.clock, this.limits);
    this.protocol = new ProtocolState(() => this.clock.now(), this.limits, {
      ca: this.ca,
      clientIdPrefix: this.verifierClientIdPrefix,
    });
    this.loggedRequests = [];
    this.clock.onAdvance(() => this.sweep());
    this.webhooks.onActivity(() => this.changes.notify());
    this.changes.notify();
  }

  /**
   * A webhook delivery attempt on the timeline of the verification or issuance the event is about:
   * the event type, the attempt's number and the receiver's HTTP status (never the endpoint URL or
   * an error text, which may name it).
   */
  private noteWebhookAttempt(notice: WebhookAttemptNotice): void {
    const record = this.webhooks.events.find((r) => r.event.id === notice.eventId);
    const id = (record?.event.data.object as { id?: unknown } | undefined)?.id;
    if (typeof id !== "string") return;
    const resource = notice.eventType.startsWith("verification.")
      ? this.verifications
      : notice.eventType.startsWith("issuance.")
        ? this.issuance
        : undefined;
    resource?.noteWebhookAttempt(id, notice.eventType, notice.status);
  }

  createProject(
    options: { environment?: Environment | undefined; scopes?: Scope[] | undefined } = {},
  ): ProjectKeys {
    return this.keys.createProject(options);
  }

  /**
   * Which verifier asks in a verification's presentation request: its project environment and the
   * `client_id` that project's request objects are signed under (each project environment is its
   * own verifier). `undefined` for an unknown verification ID. For a wallet screen's "who asks".
   * `baseUrl` is where wallets reach the service: an x509 client ID names its host.
   */
  async verifierOf(verificationId: string, baseUrl: string): Promise<VerifierIdentity | undefined> {
    const verification = this.verifications.findForProtocol(verificationId);
    if (!verification) return undefined;
    const { projectId, environment } = verification.tenant;
    const clientId = await this.protocol.verifier.clientIdFor(verification.tenant, baseUrl);
    return { clientId, projectId, environment };
  }

  /**
   * Runs what became due by `now` (the service's time; the clock's by default): expiries of
   * offers and verifications (with their webhooks). Costs nothing until the next expiry is due,
   * however many records are open.
   */
  sweep(now: number = this.clock.now()): void {
    if (now < this.issuance.nextExpiry && now < this.verifications.nextExpiry) return;
    try {
      this.issuance.sweep(now);
    } finally {
      this.verifications.sweep(now);
    }
  }

  /**
   * Keeps expiries happening in real time, without requests or clock moves, until the returned
   * function is called (the emulator while it runs, each open realtime stream). One shared timer,
   * unref'd, that never waits longer than a second: a timer per record or per stream would keep one
   * timer list per distinct duration alive in Node.
   */
  keepExpiring(): () => void {
    this.expiryHolds += 1;
    this.armExpiryTimer();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.expiryHolds -= 1;
      if (this.expiryHolds === 0 && this.expiryTimer) {
        clearTimeout(this.expiryTimer);
        this.expiryTimer = undefined;
      }
    };
  }

  /**
   * The last `/v1` requests served (method and path), newest last, at most `limits.requestLog`.
   * The array itself: `requestLog.length = 0` empties the log. Trimmed to the limit when read, so
   * an array kept from an earlier read may grow past the limit (up to twice it) until the next.
   */
  get requestLog(): LoggedRequest[] {
    const excess = this.loggedRequests.length - this.limits.requestLog;
    if (excess > 0) this.loggedRequests.splice(0, excess);
    return this.loggedRequests;
  }

  set requestLog(requests: LoggedRequest[]) {
    this.loggedRequests = requests;
  }

  /**
   * Adds a request to {@link requestLog}. The oldest are dropped in one cut once the log holds
   * twice the limit: dropping one per request was a `shift()` of a long array, a call into V8's
   * runtime on every request the emulator serves.
   */
  logRequest(method: string, path: string): void {
    const log = this.loggedRequests;
    log.push({ method, path: path.slice(0, LOGGED_PATH_MAX) });
    if (log.length >= 2 * this.limits.requestLog)
      log.splice(0, log.length - this.limits.requestLog);
  }

  /** A deep, JSON-serialisable copy of all state, for asserting that a bad request changed nothing. */
  snapshot() {
    return deepCopy({
      projects: [...this.keys.projects],
      keys: [...this.keys.keys.values()],
      definitions: this.definitions.snapshot(),
      issuance: this.issuance.records,
      policies: this.policies.snapshot(),
      verifications: this.verifications.records,
      webhookEvents: this.webhooks.events.map((e) => e.event),
      idempotencyRecords: this.idempotency.size,
    });
  }

  private armExpiryTimer(): void {
    if (this.expiryTimer || this.expiryHolds === 0) return;
    const nextExpiry = Math.min(this.issuance.nextExpiry, this.verifications.nextExpiry);
    const wait = Math.min(Math.max(nextExpiry - this.clock.now(), 0), EXPIRY_TICK_MS);
    this.expiryTimer = setTimeout(() => {
      this.expiryTimer = undefined;
      try {
        this.sweep();
      } catch {
        // A timer has no one to answer; requests that meet a failing sweep answer 500.
      }
      this.armExpiryTimer();
    }, Math.ceil(wait));
    this.expiryTimer.unref?.();
  }
}

export function createModel(options: ModelOptions = {}): Model {
  return new Model(options);
}
