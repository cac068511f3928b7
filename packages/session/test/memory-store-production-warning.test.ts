// In production, a state store in this process's memory is right for one instance only: on a
// platform that runs several, each would finalize a copied pending cookie and hand a replayed
// webhook to onEvent once of its own. The app says so once at start-up, naming CREDPORT_REDIS_URL,
// unless `singleInstance: true` says one instance is on purpose. (One file: the warning is once per
// process, so the cases run in this order, on a copy of the package no earlier file has used.)
import type { CredportSessionConfig } from "@credport/session";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BASE, SECRET, setUpMockService } from "./support/mock-service.js";

vi.resetModules();
const { createCredportHandler } = await import("@credport/session");

const { project } = setUpMockService();
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const config = (overrides: Partial<CredportSessionConfig> = {}): CredportSessionConfig => ({
  secretKey: project.secretKey,
  baseUrl: BASE,
  sessionSecret: SECRET,
  policyId: "preset_age_over_18",
  ...overrides,
});

const memoryWarnings = (warn: { mock: { calls: unknown[][] } }) =>
  warn.mock.calls.filter((call) => String(call[0]).includes("CREDPORT_REDIS_URL"));

describe("the memory state store in production", () => {
  it("says nothing with singleInstance: true, outside production, or with Redis configured", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.stubEnv("NODE_ENV", "production");
    createCredportHandler(config({ singleInstance: true }));
    createCredportHandler(config({ redis: { url: "redis://127.0.0.1:1" } }));
    vi.stubEnv("NODE_ENV", "development");
    createCredportHandler(config());
    expect(memoryWarnings(warn)).toEqual([]);
  });

  it("warns once at start-up, naming CREDPORT_REDIS_URL and singleInstance, however many handlers", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.stubEnv("NODE_ENV", "production");
    createCredportHandler(config());
    createCredportHandler(config());
    const warnings = memoryWarnings(warn);
    expect(warnings).toHaveLength(1);
    expect(String(warnings[0]![0])).toMatch(/memory.*CREDPORT_REDIS_URL.*singleInstance: true/s);
    // Never a secret in the line.
    expect(String(warnings[0]![0])).not.toContain(SECRET);
  });
});
