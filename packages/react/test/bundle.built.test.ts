// @vitest-environment node
import { build } from "esbuild";
import { expect, it } from "vitest";

const bundleSize = async (contents: string) => {
  const result = await build({
    stdin: { contents, resolveDir: import.meta.dirname, loader: "ts" },
    bundle: true,
    minify: true,
    write: false,
    format: "esm",
    external: ["react", "react/jsx-runtime", "react-dom"],
  });
  return result.outputFiles[0]!.contents.length;
};

it("tree-shakes: one hook costs less than everything, and the QR code is left out", async () => {
  const hookOnly = await bundleSize('export { useVerification } from "@credport/react";');
  const everything = await bundleSize('export * from "@credport/react";');
  expect(hookOnly).toBeLessThan(everything);
  expect(everything - hookOnly).toBeGreaterThan(2000); // the QR encoder
});

it("keeps 'use client' at the top of the built entries", async () => {
  const { readFileSync } = await import("node:fs");
  const { createRequire } = await import("node:module");
  const require = createRequire(import.meta.url);
  for (const file of [
    require.resolve("@credport/react"),
    require.resolve("@credport/react").replace(/\.cjs$/, ".js"),
  ]) {
    expect(readFileSync(file, "utf8").startsWith('"use client";')).toBe(true);
  }
});
