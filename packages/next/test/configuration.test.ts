// Issue 14, "Fail fast on configuration": what is missing or wrong fails when the handlers (or the
// middleware) are created, with a message naming what to set; in development the JSON error body
// carries that message; a `next build` without runtime secrets still works.
import {
  type CredportNextConfig,
  createCredportHandlers,
  createCredportMiddleware,
} from "@credport/next";
import { CredportConfigurationError } from "@credport/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { APP, BASE, SECRET } from "./support/mock-service.js";

const SK = `sk_test_${"k".repeat(24)}`;
const complete: CredportNextConfig = {
  secretKey: SK,
  baseUrl: BASE,
  sessionSecret: SECRET,
  policyId: "preset_age_over_18",
};
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
function unsetEnv() {
  for (const name of [
    "CREDPORT_SECRET_KEY",
    "CREDPORT_BASE_URL",
    "CREDPORT_SESSION_SECRET",
    "CREDPORT_WEBHOOK_SECRET",
    "NEXT_PHASE",
  ])
    vi.stubEnv(name, undefined);
}

const failure = (make: () => unknown) => {
  try {
    make();
  } catch (error) {
    return error as Error;
  }
  throw new Error("did not fail");
};

describe("fail fast on configuration", () => {
  it.each<[string, Partial<CredportNextConfig>, RegExp]>([
    ["no session secret", { sessionSecret: undefined }, /CREDPORT_SESSION_SECRET/],
    ["a short session secret", { sessionSecret: "short-secret-value" }, /at least 32/],
    ["no secret key", { secretKey: undefined }, /CREDPORT_SECRET_KEY/],
    ["no base URL", { baseUrl: undefined }, /CREDPORT_BASE_URL/],
    ["a publishable key as secret key", { secretKey: `pk_test_${"p".repeat(24)}` }, /secret key/i],
    [
      "a webhook handler without a webhook secret",
      { webhook: { onEvent: () => {} } },
      /CREDPORT_WEBHOOK_SECRET/,
    ],
    // The contract's rules (issue 18): the options the service would refuse, refused here first.
    [
      "a blank policyId",
      { policyId: "   " },
      /policyId must be a non-blank string of at most 100 characters/,
    ],
    [
      "a policyId longer than the service accepts",
      { policyId: "p".repeat(101) },
      /policyId must be a non-blank string of at most 100 characters/,
    ],
    [
      "a webhook secret that is not whsec_ and 24+ letters or digits",
      { webhook: { secret: "whsec_short", onEvent: () => {} } },
      /webhook secret must be the endpoint's whsec_ secret/,
    ],
  ])("%s fails at handler creation, naming what to set", (_, change, message) => {
    unsetEnv();
    const error = failure(() => createCredportHandlers({ ...complete, ...change }));
    expect(error).toBeInstanceOf(CredportConfigurationError);
    expect(error.message).toMatch(message);
    expect(error.message).toMatch(/^credport\/next: /);
    expect(error.message).not.toContain("short-secret-value");
  });

  it("the middleware fails at creation without a session secret", () => {
    unsetEnv();
    expect(
      failure(() => createCredportMiddleware({ protect: ["/"], signInPath: "/verify" })).message,
    ).toMatch(/CREDPORT_SESSION_SECRET/);
  });

  it("reads the environment when the options are left out", () => {
    unsetEnv();
    vi.stubEnv("CREDPORT_SECRET_KEY", SK);
    vi.stubEnv("CREDPORT_BASE_URL", BASE);
    vi.stubEnv("CREDPORT_SESSION_SECRET", SECRET);
    expect(() => createCredportHandlers({ policyId: "preset_age_over_18" })).not.toThrow();
  });

  it("during `next build` a missing secret does not fail the build", () => {
    unsetEnv();
    vi.stubEnv("NEXT_PHASE", "phase-production-build");
    expect(() => createCredportHandlers({ policyId: "preset_age_over_18" })).not.toThrow();
    expect(() => createCredportMiddleware({ protect: ["/"], signInPath: "/verify" })).not.toThrow();
  });

  it("in development the handlers answer with the message (never a secret) instead of internal_error", async () => {
    unsetEnv();
    vi.stubEnv("NODE_ENV", "development");
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const handlers = createCredportHandlers({
      ...complete,
      sessionSecret: "short-secret-value",
      secretKey: undefined,
    });
    const response = await handlers.POST(
      new Request(`${APP}/api/credport/verifications`, {
        method: "POST",
        headers: { origin: APP },
      }),
    );
    expect(response.status).toBe(500);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe("configuration_error");
    expect(body.message).toMatch(/CREDPORT_SESSION_SECRET|sessionSecret/);
    expect(body.message).not.toContain("short-secret-value");
    expect(log).toHaveBeenCalled();
  });

  it("policy: the server decides", () => {
    expect(
      failure(() => createCredportHandlers({ ...complete, policyId: undefined })).message,
    ).toMatch(/policyId or getPolicyId/);
  });

  it("an option under its old name is refused with its new one, not ignored", () => {
    for (const [old, renamed] of [
      ["resolvePolicy", "getPolicyId"],
      ["resolveMetadata", "getMetadata"],
    ] as const) {
      const error = failure(() =>
        createCredportHandlers({ ...complete, [old]: () => undefined } as typeof complete),
      );
      expect(error).toBeInstanceOf(CredportConfigurationError);
      expect(error.message).toContain(`${old} is now ${renamed}`);
    }
  });
});
