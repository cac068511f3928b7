// Edge runtimes may have no `process`, or a shim of one without `env`: a setting that falls back to
// an environment variable says which one is missing, instead of failing with a TypeError.
import { CredportConfigurationError } from "@credport/core";
import { createCredportMiddleware } from "@credport/next";
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => vi.unstubAllGlobals());

describe.each([
  ["no process", undefined],
  ["a process without env", {}],
])("with %s", (_, process) => {
  it("createCredportMiddleware without a sessionSecret names CREDPORT_SESSION_SECRET", () => {
    vi.stubGlobal("process", process);
    let error: unknown;
    try {
      createCredportMiddleware({ protect: ["/members"], signInPath: "/verify" });
    } catch (caught) {
      error = caught;
    }
    vi.unstubAllGlobals();
    expect(error).toBeInstanceOf(CredportConfigurationError);
    expect((error as Error).message).toMatch(/CREDPORT_SESSION_SECRET/);
  });
});
