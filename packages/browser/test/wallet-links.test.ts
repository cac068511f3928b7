import {
  CredportInvalidResponseError,
  createStatusClient,
  createVerificationFlow,
  isWalletLink,
} from "@credport/browser";
import { describe, expect, it } from "vitest";
import { FakeBroadcastBus, FakeLocks, fakeCoordination } from "./coordination-fakes.js";

// What a hostile or compromised start endpoint could answer to get script into a link's href:
// the URL parser folds case, strips leading spaces and controls and drops tabs and newlines.
export const SCRIPT_URLS = [
  "javascript:alert(1)",
  " JAVASCRIPT:alert(1)",
  "JaVaScRiPt:alert(1)",
  "java\tscript:alert(1)",
  "java\nscript:alert(1)",
  "\x01javascript:alert(1)",
  "\x00 \x1fjavascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "blob:https://app.example/0b8c",
  "file:///etc/passwd",
  "haip://request", // not a HAIP invocation scheme (those are haip-vp: and haip-vci:)
  "/relative/path",
  "",
];

const HANDOFF_URLS = [
  "openid4vp://?request_uri=https%3A%2F%2Fapi.example%2Fr%2F1",
  "OPENID4VP://?request_uri=x",
  "openid-credential-offer://?credential_offer_uri=x",
  "haip-vp://?request_uri=x",
  "haip-vci://?credential_offer_uri=x",
  "https://wallet.example/request?x=1",
  "http://127.0.0.1:4010/wallet?uri=openid4vp%3A%2F%2F",
];

const complete = {
  verificationId: "ver_1",
  clientToken: "ct_abc12345678",
  expiresAt: "2030-01-01T00:00:00.000Z",
  authorizationRequestUri: "openid4vp://?request_uri=x",
};

/** A flow whose start endpoint answers `answer`; the status service is never reached. */
const flowAnswering = (answer: object) =>
  createVerificationFlow({
    statusClient: createStatusClient({
      publishableKey: `pk_test_${"p".repeat(24)}`,
      baseUrl: "http://127.0.0.1:9",
      fetch: () => Promise.reject(new Error("no status read expected")),
    }),
    startUrl: "/app/start",
    sessionMode: "manual",
    coordination: fakeCoordination(new FakeLocks(), new FakeBroadcastBus()),
    fetch: async () => Response.json(answer),
  });

describe("isWalletLink: the one rule for a wallet hand-off link's href", () => {
  it.each(SCRIPT_URLS)("refuses %j", (url) => {
    expect(isWalletLink(url)).toBe(false);
  });
  it.each(HANDOFF_URLS)("accepts %j", (url) => {
    expect(isWalletLink(url)).toBe(true);
  });
  it("refuses what is not a string", () => {
    for (const value of [undefined, null, 42, {}, new URL("https://x.example")])
      expect(isWalletLink(value)).toBe(false);
  });
});

describe("the browser client refuses a start answer whose links are not wallet links", () => {
  for (const field of ["authorizationRequestUri", "testWalletUrl"] as const) {
    it.each(SCRIPT_URLS.filter(Boolean))(
      `${field} = %j is a typed error naming it`,
      async (url) => {
        const flow = flowAnswering({ ...complete, [field]: url });
        const error = await flow.start({ policyId: "preset_age_over_18" }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(CredportInvalidResponseError);
        expect(error).toMatchObject({ code: "invalid_start_response", details: { field } });
        expect((error as Error).message).toMatch(new RegExp(`${field}.*wallet`));
        expect(flow.getSnapshot()).toMatchObject({ phase: "error" });
        expect(flow.getSnapshot()).not.toHaveProperty("authorizationRequestUri");
      },
    );
  }

  it("the snake_case field is checked the same way", async () => {
    const { authorizationRequestUri: _, ...rest } = complete;
    const flow = flowAnswering({ ...rest, authorization_request_uri: " JAVASCRIPT:alert(1)" });
    const error = await flow.start({ policyId: "preset_age_over_18" }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: "invalid_start_response",
      details: { field: "authorizationRequestUri" },
    });
  });

  it("attach() refuses a script URL too", () => {
    const flow = flowAnswering(complete);
    flow.attach({ ...complete, authorizationRequestUri: "java\tscript:alert(1)" });
    expect(flow.getSnapshot()).toMatchObject({
      phase: "error",
      error: { code: "invalid_start_response", details: { field: "authorizationRequestUri" } },
    });
  });

  it.each(HANDOFF_URLS)("passes on %j unchanged", async (url) => {
    const flow = flowAnswering({ ...complete, authorizationRequestUri: url });
    const state = await flow.start({ policyId: "preset_age_over_18" });
    flow.reset();
    expect(state).toMatchObject({ phase: "pending", authorizationRequestUri: url });
  });
});
