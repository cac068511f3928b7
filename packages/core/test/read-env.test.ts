import { afterEach, describe, expect, it, vi } from "vitest";
import { readEnv } from "../src/index.js";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe("readEnv: environment variables wherever the code runs", () => {
  it("reads a variable that is set, and undefined for one that is not", () => {
    vi.stubEnv("CREDPORT_READ_ENV_TEST", "value");
    expect(readEnv("CREDPORT_READ_ENV_TEST")).toBe("value");
    expect(readEnv("CREDPORT_READ_ENV_TEST_UNSET")).toBeUndefined();
  });

  // Edge runtimes and browsers: no `process`, or a shim of one without `env`.
  it.each([
    ["no process", undefined],
    ["a process without env", {}],
    ["a process whose env is null", { env: null }],
  ])("gives undefined with %s, never a TypeError", (_, process) => {
    vi.stubGlobal("process", process);
    expect(readEnv("CREDPORT_SECRET_KEY")).toBeUndefined();
  });
});
