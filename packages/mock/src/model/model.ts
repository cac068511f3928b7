import { ProtocolState } from "../protocol/protocol-state.js";
import { ChangeFeed } from "./change-feed.js";
import { Clock } from "./clock.js";
import { Definitions } from "./definitions.js";
import { Faults } from "./faults.js";
import { Idempotency } from "./idempotency.js";
import { clone } from "./input.js";
import { Issuance } from "./issuance.js";
import { type Environment, Keys, type ProjectKeys, type Scope } from "./keys.js";
import { Policies } from "./policies.js";
import { Realtime } from "./realtime.js";
import { ResultSigner } from "./result-signer.js";
import { Verifications } from "./verifications.js";
import { Webhooks } from "./webhooks.js";

export interface ModelOptions {
  /** Used for webhook deliveries; defaults to the global fetch. */
  fetch?: typeof fetch;
}

/**
 * One in-memory Credport service. msw handlers and the emulator serve the same model through the
 * same routes; tests drive its clock, realtime switch and fault injection directly.
 */
export class Model {
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
  /** The last `/v1` requests served (method and path), for tests that count what clients send. */
  requestLog!: { method: string; path: string }[];
  /** What the wallet-facing protocol endpoints remember between steps. */
  protocol!: ProtocolState;
  /** Notified on every change a live view shows: events, deliveries, resets (and, in the emulator, every request). */
  readonly changes = new ChangeFeed();

  constructor(private readonly options: ModelOptions = {}) {
    this.reset();
  }

  /** Forgets everything: projects, keys, records, clock offset, faults; realtime back on. */
  reset(): void {
    const now = () => this.clock.iso();
    this.clock = new Clock();
    this.faults = new Faults();
    this.realtime = new Realtime();
    this.keys = new Keys(now);
    this.webhooks = new Webhooks(
      this.clock,
      this.keys,
      () => this.options.fetch ?? globalThis.fetch,
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
    this.idempotency = new Idempotency(this.clock);
    this.protocol = new ProtocolState(() => this.clock.now());
    this.requestLog = [];
    this.clock.onAdvance(() => this.sweep());
    this.webhooks.onActivity(() => this.changes.notify());
    this.changes?.notify();
  }

  createProject(options: { environment?: Environment; scopes?: Scope[] } = {}): ProjectKeys {
    return this.keys.createProject(options);
  }

  /** Runs what became due: expiries of offers and verifications (with their webhooks). */
  sweep(): void {
    const now = this.clock.now();
    this.issuance.sweep(now);
    this.verifications.sweep(now);
  }

  /** A deep, JSON-serialisable copy of all state, for asserting that a bad request changed nothing. */
  snapshot() {
    return clone({
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
}

export function createModel(options: ModelOptions = {}): Model {
  return new Model(options);
}
