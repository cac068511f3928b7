import { readFile } from "node:fs/promises";
import { defineConfig, type Options } from "tsup";

/**
 * zod builds its JSON Schema contributor table (used only by `createOpenApiDocument`) at module
 * level with two calls it does not mark pure. With zod inlined below, zod's own per-module
 * `sideEffects` no longer tells a bundler that the table can go, so every bundle of
 * `@credport/core/contract` kept it: 689 B of the edge server client's 20,932 (min+gzip), ~650 B
 * of each session handler's. Marked pure, the two calls let a bundler drop the table (and zod's
 * number ranges it holds) when the OpenAPI generator is not imported. The build fails if
 * zod's file no longer has them (look again after a zod upgrade).
 */
const zodContributorsPure: NonNullable<Options["esbuildPlugins"]>[number] = {
  name: "zod-contributors-pure",
  setup(build) {
    build.onLoad(
      { filter: /zod[\\/]v4[\\/]core[\\/]json-schema-processors\.js$/ },
      async (args) => {
        const source = await readFile(args.path, "utf8");
        const calls = /(?<![\w$])formatContributor\((NUMBER|BIGINT)_FORMAT_RANGES\)/g;
        if ((source.match(calls) ?? []).length !== 2)
          throw new Error(`${args.path}: the two formatContributor(…) calls were not found`);
        return { contents: source.replace(calls, "/* @__PURE__ */ $&"), loader: "js" };
      },
    );
  },
};

export default defineConfig({
  entry: { index: "src/index.ts", contract: "src/contract/index.ts", pipeline: "src/pipeline.ts" },
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  sourcemap: false,
  target: "es2022",
  treeshake: true,
  // One copy of the error classes for both entries, in the CommonJS build too.
  splitting: true,
  // zod in one tree-shaken file: Node loads zod/mini's ~100 modules in ~90 ms, this in ~15 ms
  // (bench: cold import of @credport/server). Its types still come from the zod dependency.
  noExternal: ["zod"],
  esbuildPlugins: [zodContributorsPure],
});
