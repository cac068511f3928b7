// A live key, or a live result check, over plain http to another machine: anyone on the path reads
// the key and can swap the service's key set. Refused with a configuration error before any request;
// loopback (the emulator, a local proxy) stays allowed.
import { type Emulator, startEmulator } from "@credport/emulator";
import { Credport, CredportConfigurationError, verifyResultToken } from "@credport/server";
import { generateKeyPair, SignJWT } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

const LIVE = `sk_live_${"a".repeat(24)}`;
const TEST = `sk_test_${"a".repeat(24)}`;

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

/** A fetch that records what it was asked for and answers nothing useful. */
function recordingFetch() {
  const calls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    calls.push(String(input instanceof Request ? input.url : input));
    return new Response("{}", { status: 500 });
  });
  return { calls, fetch: fetch as unknown as typeof globalThis.fetch };
}

describe("a live key over plain http", () => {
  it.each([
    "http://api.example.com",
    "http://10.0.0.5:8080",
    "http://[::2]",
    "http://localhost.evil.example",
    "http://127.0.0.1.nip.io",
    "http://localhost.",
  ])("to %s: CredportConfigurationError before any request", async (baseUrl) => {
    const { calls, fetch } = recordingFetch();
    vi.stubGlobal("fetch", fetch);
    let error: unknown;
    try {
      const credport = new Credport({ secretKey: LIVE, baseUrl, fetch });
      await credport.verifications.get("ver_1").catch(() => {});
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CredportConfigurationError);
    expect((error as CredportConfigurationError).code).toBe("insecure_base_url");
    expect((error as Error).message).toMatch(/https/);
    expect((error as Error).message).toMatch(/sk_live_/);
    expect((error as Error).message).not.toContain(LIVE);
    expect(calls).toEqual([]);
  });

  it("from CREDPORT_SECRET_KEY and CREDPORT_BASE_URL: refused the same", () => {
    vi.stubEnv("CREDPORT_SECRET_KEY", LIVE);
    vi.stubEnv("CREDPORT_BASE_URL", "http://api.example.com");
    expect(() => new Credport()).toThrow(CredportConfigurationError);
  });

  it.each([
    "https://api.example.com",
    "http://localhost:4010",
    "http://app.localhost:4010",
    "http://127.0.0.1:4010",
    "http://127.8.9.10",
    "http://[::1]:4010",
  ])("to %s: allowed", (baseUrl) => {
    expect(() => new Credport({ secretKey: LIVE, baseUrl })).not.toThrow();
  });

  it("a test key over plain http to another machine is allowed (pin the key set there)", () => {
    expect(
      () => new Credport({ secretKey: TEST, baseUrl: "http://api.example.com" }),
    ).not.toThrow();
  });

  it("a live key against the emulator on http://127.0.0.1:port works end to end", async () => {
    const live = emulator.model.createProject({ environment: "live" });
    expect(live.secretKey.startsWith("sk_live_")).toBe(true);
    const credport = new Credport({ secretKey: live.secretKey, baseUrl: emulator.url });
    const { id } = await credport.verifications.create({ policyId: "preset_age_over_18" });
    emulator.model.verifications.applyTrigger(id, "request_fetched");
    emulator.model.verifications.applyTrigger(id, "presentation_verified", {
      claims: { age_over_18: true },
    });
    const { resultToken } = await credport.verifications.getResult(id);
    await expect(
      verifyResultToken(resultToken, {
        baseUrl: emulator.url,
        verificationId: id,
        environment: "live",
      }),
    ).resolves.toMatchObject({ status: "verified" });
  });
});

describe("a live result check over plain http", () => {
  // A well-formed ES256 token, so that checking it needs the key set.
  let token = "";
  beforeAll(async () => {
    const { privateKey } = await generateKeyPair("ES256");
    token = await new SignJWT({})
      .setProtectedHeader({ alg: "ES256", typ: "credport-result+jwt" })
      .sign(privateKey);
  });
  const check = (options: Record<string, unknown>) =>
    verifyResultToken(token, {
      baseUrl: "http://api.example.com",
      verificationId: "ver_1",
      ...options,
    }).catch((e) => e);

  it("environment live, no pinned key set: refused before the key set is fetched", async () => {
    const { calls, fetch } = recordingFetch();
    vi.stubGlobal("fetch", fetch);
    const error = await check({ environment: "live" });
    expect(error).toBeInstanceOf(CredportConfigurationError);
    expect(error.code).toBe("insecure_base_url");
    expect(error.message).toMatch(/CREDPORT_JWKS/);
    expect(calls).toEqual([]);
  });

  it("live by default: from CREDPORT_SECRET_KEY, or when no key says test", async () => {
    const { calls, fetch } = recordingFetch();
    vi.stubGlobal("fetch", fetch);
    vi.stubEnv("CREDPORT_SECRET_KEY", undefined);
    expect((await check({})).code).toBe("insecure_base_url");
    vi.stubEnv("CREDPORT_SECRET_KEY", LIVE);
    expect((await check({})).code).toBe("insecure_base_url");
    expect(calls).toEqual([]);
  });

  it("a test environment, or a pinned key set, checks the token as usual", async () => {
    const { calls, fetch } = recordingFetch();
    vi.stubGlobal("fetch", fetch);
    vi.stubEnv("CREDPORT_SECRET_KEY", TEST);
    expect((await check({})).code).toBe("result_token_invalid");
    expect(calls.length).toBeGreaterThan(0);
    calls.length = 0;
    vi.stubEnv("CREDPORT_SECRET_KEY", LIVE);
    const jwks = { keys: [{ kty: "EC", crv: "P-256", x: "x", y: "y" }] };
    expect((await check({ jwks })).code).toBe("result_token_invalid");
    expect(calls).toEqual([]);
  });
});
