import { Emitter } from "./emitter.js";

/** One delivery attempt of a webhook event to an endpoint, as the emulator's terminal prints it. */
export interface WebhookAttemptNotice {
  kind: "webhook_attempt";
  eventId: string;
  eventType: string;
  url: string;
  /** The endpoint was registered by `--forward-webhooks-to` (`forwardWebhooksTo`). */
  forwarded: boolean;
  /** The receiver's HTTP status; absent when it could not be reached (see `error`). */
  status?: number;
  error?: string;
  /** How long the attempt took. */
  ms: number;
}

/** A well-formed key of an earlier run was refused (its type, never the key). */
export interface EarlierRunKeyNotice {
  kind: "earlier_run_key";
  keyType: "secret" | "publishable";
}

/** What the model tells the emulator's terminal. */
export type ModelNotice = WebhookAttemptNotice | EarlierRunKeyNotice;

/**
 * Things worth a line on the emulator's terminal, as they happen. It outlives `reset()`, like
 * the change feed, so that a listener stays subscribed across one.
 */
export class Notices {
  private readonly listeners = new Emitter<ModelNotice>();

  emit(notice: ModelNotice): void {
    this.listeners.emit(notice);
  }

  subscribe(listener: (notice: ModelNotice) => void): () => void {
    return this.listeners.subscribe(listener);
  }
}
