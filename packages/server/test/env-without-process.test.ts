// Edge runtimes may have no `process`, or a shim of one without `env`: every option that falls back
// to an environment variable says which one is missing, instead of failing with a TypeError.
import { CredportConfigurationError } from "@credport/server";
import { createRedisStateStore } from "@credport/server/redis";
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => vi.unstubAllGlobals());

describe.each([
  ["no process", undefined],
  ["a process without env", {}],
])("with %s", (_, process) => {
  it("createRedisStateStore without a url names CREDPORT_REDIS_URL", () => {
    vi.stubGlobal("process", process);
    let error: unknown;
    try {
      createRedisStateStore({});
    } catch (caught) {
      error = caught;
    }
    vi.unstubAllGlobals();
    expect(error).toBeInstanceOf(CredportConfigurationError);
    expect((error as Error).message).toMatch(/CREDPORT_REDIS_URL/);
  });
});
