import { build } from "esbuild";
import { describe, expect, it } from "vitest";

// What an app's bundler makes of the package when a page imports it by mistake: the guard, which
// throws at once, and nothing of the kit (no emulator, no wallet, no key handling).
describe("a browser bundle that imports @credport/testing", () => {
  for (const entry of ["@credport/testing", "@credport/testing/playwright"])
    it(`${entry} resolves to the guard`, async () => {
      const result = await build({
        stdin: {
          contents: `import * as kit from "${entry}"; console.log(kit);`,
          resolveDir: import.meta.dirname,
        },
        bundle: true,
        platform: "browser",
        format: "esm",
        write: false,
        logLevel: "silent",
      });
      const text = result.outputFiles[0]!.text;
      expect(text).toContain("@credport/testing is for your end-to-end tests");
      expect(text).not.toContain("startEmulator");
      expect(text).not.toContain("setVirtualWalletBehavior");
    });

  it("and Node gets the kit", async () => {
    const kit = await import("@credport/testing");
    expect(typeof kit.wallet).toBe("function");
    expect(typeof kit.startTestEmulator).toBe("function");
  });
});
