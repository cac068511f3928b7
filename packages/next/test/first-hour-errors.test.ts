// "The first hour": a service that is not running is named in the server log, once, with the URL
// and where it came from; key and base-URL mistakes name the variable (or option) they came from.
import { createServer } from "node:net";
import { createCredportHandlers } from "@credport/next";
import { Credport, CredportConfigurationError } from "@credport/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { APP, SECRET } from "./support/mock-service.js";

const SK = `sk_test_${"k".repeat(24)}`;
const PK = `pk_test_${"p".repeat(24)}`;
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const start = () =>
  new Request(`${APP}/api/credport/verifications`, { method: "POST", headers: { origin: APP } });

const failure = (make: () => unknown) => {
  try {
    make();
  } catch (error) {
    return error as Error;
  }
  throw new Error("did not fail");
};

describe("a service that cannot be reached", () => {
  it("is logged once per process, naming the base URL and CREDPORT_BASE_URL; the browser gets 502", async () => {
    const base = `http://127.0.0.1:${await closedPort()}`;
    vi.stubEnv("CREDPORT_BASE_URL", base);
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const handlers = createCredportHandlers({
      secretKey: SK,
      sessionSecret: SECRET,
      policyId: "preset_age_over_18",
    });
    const first = await handlers.POST(start());
    const second = await handlers.POST(start());
    expect([first.status, second.status]).toEqual([502, 502]);
    const lines = log.mock.calls.map((args) => args.join(" "));
    const hint = `credport/next: could not reach the Credport service at ${base} — is the emulator running? (CREDPORT_BASE_URL)`;
    expect(lines.filter((line) => line === hint)).toHaveLength(1);
  }, 20_000);

  it("names the baseUrl option when the URL came from it", async () => {
    const base = `http://127.0.0.1:${await closedPort()}`;
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const handlers = createCredportHandlers({
      secretKey: SK,
      baseUrl: base,
      sessionSecret: SECRET,
      policyId: "preset_age_over_18",
    });
    expect((await handlers.POST(start())).status).toBe(502);
    expect(log.mock.calls.map((args) => args.join(" "))).toContain(
      `credport/next: could not reach the Credport service at ${base} — is the emulator running? (baseUrl)`,
    );
  }, 20_000);
});

describe("configuration errors name where the value came from", () => {
  it.each([
    ["CREDPORT_SECRET_KEY", () => vi.stubEnv("CREDPORT_SECRET_KEY", PK), {}],
    ["secretKey", () => {}, { secretKey: PK }],
  ])("a publishable key as the secret key names %s", (name, setUp, options) => {
    setUp();
    vi.stubEnv("CREDPORT_BASE_URL", "http://127.0.0.1:4010");
    const error = failure(() => new Credport(options));
    expect(error).toBeInstanceOf(CredportConfigurationError);
    expect(error.message).toContain(name);
    expect(error.message).not.toContain(PK);
  });

  it.each([
    ["CREDPORT_BASE_URL", () => vi.stubEnv("CREDPORT_BASE_URL", "http://127.0.0.1:4010/v1"), {}],
    ["baseUrl", () => {}, { baseUrl: "localhost:4010" }],
  ])("a malformed base URL names %s", (name, setUp, options) => {
    setUp();
    const error = failure(() => new Credport({ secretKey: SK, ...options }));
    expect(error).toBeInstanceOf(CredportConfigurationError);
    expect(error.message).toMatch(new RegExp(`^credport: ${name} `));
  });

  it("the handlers pass the variable's name on", () => {
    vi.stubEnv("CREDPORT_SECRET_KEY", PK);
    vi.stubEnv("CREDPORT_BASE_URL", "http://127.0.0.1:4010");
    const error = failure(() =>
      createCredportHandlers({ sessionSecret: SECRET, policyId: "preset_age_over_18" }),
    );
    expect(error.message).toMatch(/^credport\/next: CREDPORT_SECRET_KEY is a publishable key/);
  });
});
