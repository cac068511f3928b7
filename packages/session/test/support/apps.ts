import type { WebhookEvent } from "@credport/server";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import type { CredportSessionOptions } from "../../src/index.js";
import type { Framework, RunningApp } from "./frameworks.js";
import { HttpBrowser } from "./http-client.js";
import { type Service, startService } from "./service.js";
import {
  forgetTelemetry,
  rememberSecret,
  scanTelemetry,
  suiteLogger,
  suiteTelemetry,
} from "./telemetry-scan.js";

export const SECRET = "attack-suite-session-secret-0123456789abcdef";

/** The app's signed-in user, as its auth would say it: a header stands in for its own session. */
export const USER_HEADER = "x-test-user";
export const as = (user: string | undefined): Record<string, string> =>
  user ? { [USER_HEADER]: user } : {};

/** One mock service over HTTP for the whole file. */
export function setUpService(): { readonly service: Service } {
  const holder = {} as { service: Service };
  beforeAll(async () => {
    holder.service = await startService();
  });
  afterEach(() => {
    holder.service?.tamper(undefined);
    holder.service?.forgetCalls();
  });
  afterAll(async () => {
    await holder.service?.close();
    // Every span, metric point and log line the suite's apps made: not one secret in them.
    const { service } = holder;
    if (!service) return;
    for (const answer of service.createAnswers) rememberSecret(answer.client_token);
    const { leaks } = await scanTelemetry([
      SECRET,
      service.project.secretKey,
      service.project.publishableKey,
      service.project.webhookSecret,
    ]);
    // The next file of this worker starts from nothing (files share the telemetry module).
    forgetTelemetry();
    expect(leaks).toEqual([]);
  });
  return holder;
}

/** The options every app gets: the age preset, the claim kept, the user from a header, webhooks. */
export function sessionOptions(service: Service, events: WebhookEvent[]): CredportSessionOptions {
  return {
    secretKey: service.project.secretKey,
    baseUrl: service.url,
    projectId: service.project.projectId,
    sessionSecret: SECRET,
    policyId: "preset_age_over_18",
    keepClaims: ["age_over_18"],
    getUserRef: (request) => request.headers.get(USER_HEADER) ?? undefined,
    webhook: { secret: service.project.webhookSecret, onEvent: (e) => void events.push(e) },
    // Every request of the suite comes from 127.0.0.1: its per-address count is the rate-limit
    // tests' own business (they set `rateLimit` themselves).
    rateLimit: { perAddress: { limit: 100_000 } },
    // Traced and logged, so that the suite's afterAll can scan it all for secrets.
    telemetry: suiteTelemetry,
    logger: suiteLogger,
  };
}

export interface AppHandle {
  readonly url: string;
  /** Webhook events the app handed to `onEvent`. */
  readonly events: WebhookEvent[];
  browser(): HttpBrowser;
}

/** The framework's app, started once for the enclosing `describe` and stopped after it. */
export function useApp(
  framework: Framework,
  env: { readonly service: Service },
  overrides: Partial<CredportSessionOptions> = {},
): AppHandle {
  let running: RunningApp | undefined;
  const events: WebhookEvent[] = [];
  beforeAll(async () => {
    running = await framework.start({ ...sessionOptions(env.service, events), ...overrides });
  });
  afterAll(() => running?.close());
  return {
    get url() {
      if (!running) throw new Error(`${framework.name} did not start`);
      return running.url;
    },
    events,
    browser() {
      return new HttpBrowser(this.url);
    },
  };
}
