// The JSON error bodies of the app's routes (`/api/credport/*`) use the error codes of every other
// Credport package: each one is in `CredportErrorCode`, snake_case but for the seed's
// `VERIFICATION_BINDING_REQUIRED`. One request per refusal, the code each answers pinned.
import { type CredportErrorCode, isCredportErrorCode } from "@credport/core";
import { type CredportSessionConfig, createCredportHandler } from "@credport/session";
import { afterEach, describe, expect, it, vi } from "vitest";
import { APP, BASE, SECRET, setUpMockService } from "./support/mock-service.js";

const { project } = setUpMockService();
afterEach(() => vi.unstubAllEnvs());

const config = (overrides: Partial<CredportSessionConfig> = {}): CredportSessionConfig => ({
  secretKey: project.secretKey,
  baseUrl: BASE,
  sessionSecret: SECRET,
  policyId: "preset_age_over_18",
  ...overrides,
});

const ROUTES = `${APP}/api/credport`;
const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { origin: APP, "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});
const failingStore = {
  rememberOnce: async () => {
    throw new Error("down");
  },
  increment: async () => {
    throw new Error("down");
  },
  markDone: async () => {
    throw new Error("down");
  },
  isDone: async () => {
    throw new Error("down");
  },
  delete: async () => {
    throw new Error("down");
  },
};

const cases: [CredportErrorCode, number, () => Promise<Response>][] = [
  ["route_not_found", 404, () => createCredportHandler(config())(new Request(`${ROUTES}/nope`))],
  [
    "method_not_allowed",
    405,
    () => createCredportHandler(config())(new Request(`${ROUTES}/session`, { method: "PATCH" })),
  ],
  [
    "cross_site_request",
    403,
    () =>
      createCredportHandler(config())(
        new Request(`${ROUTES}/session`, json({}, { origin: "https://evil.example" })),
      ),
  ],
  [
    "unsupported_media_type",
    415,
    () =>
      createCredportHandler(config())(
        new Request(`${ROUTES}/session`, json({}, { "content-type": "text/plain" })),
      ),
  ],
  [
    "VERIFICATION_BINDING_REQUIRED",
    403,
    () =>
      createCredportHandler(config())(
        new Request(`${ROUTES}/session`, json({ verificationId: "ver_0123456789abcdef" })),
      ),
  ],
  [
    "session_mode_manual",
    404,
    () =>
      createCredportHandler(config({ sessionMode: "manual" }))(
        new Request(`${ROUTES}/session`, json({ verificationId: "ver_0123456789abcdef" })),
      ),
  ],
  [
    "webhooks_not_configured",
    404,
    () => createCredportHandler(config())(new Request(`${ROUTES}/webhooks`, json({}))),
  ],
  [
    "request_too_large",
    413,
    () =>
      createCredportHandler(
        config({ webhook: { secret: project.webhookSecret, onEvent: () => {} } }),
      )(
        new Request(`${ROUTES}/webhooks`, {
          method: "POST",
          headers: { "webhook-signature": "t=1,v1=00" },
          body: "x".repeat(100 * 1024),
        }),
      ),
  ],
  [
    "state_store_unavailable",
    503,
    () =>
      createCredportHandler(
        config({ stateStore: failingStore, rateLimit: { onStoreFailure: "closed" } }),
      )(new Request(`${ROUTES}/verifications`, json({}))),
  ],
  [
    "configuration_error",
    500,
    async () => {
      vi.stubEnv("NODE_ENV", "development");
      vi.spyOn(console, "error").mockImplementation(() => {});
      return createCredportHandler(config({ sessionSecret: "short" }))(
        new Request(`${ROUTES}/session`, json({})),
      );
    },
  ],
];

describe("the routes' error bodies", () => {
  it.each(cases)("%s (%i)", async (code, status, send) => {
    const response = await send();
    const body = (await response.json()) as { code: string; message: string };
    expect([response.status, body.code]).toEqual([status, code]);
    expect(isCredportErrorCode(body.code)).toBe(true);
    expect(
      body.code === "VERIFICATION_BINDING_REQUIRED" || /^[a-z]+(_[a-z]+)*$/.test(body.code),
    ).toBe(true);
  });

  it("rate_limited (429) after a browser's fifth start", async () => {
    const handler = createCredportHandler(config({ secureCookies: false }));
    const cookie = `credport_browser=${"b".repeat(32)}`;
    let last: Response | undefined;
    for (let i = 0; i < 6; i++)
      last = await handler(new Request(`${ROUTES}/verifications`, json({}, { cookie })));
    const body = (await last!.json()) as { code: string };
    expect([last!.status, body.code]).toEqual([429, "rate_limited"]);
    expect(isCredportErrorCode(body.code)).toBe(true);
  });
});
