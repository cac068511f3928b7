// One way to build for the edge, shared by the packages' edge and bundler tests: what a worker
// bundler (Vercel's Edge, Cloudflare's workerd) does with an app's entry, and a fresh Edge Runtime
// VM to run the result in.
import { EdgeVM } from "@edge-runtime/vm";
import { build } from "esbuild";

export interface EdgeBundleOptions {
  /** Where the entry's imports resolve from: the calling test's folder (`import.meta.dirname`). */
  resolveDir: string;
  /** Export conditions, in order; a worker bundler's by default. */
  conditions?: string[] | undefined;
  format?: "iife" | "esm" | undefined;
  /** Packages left out (an adapter's framework peer). */
  external?: string[] | undefined;
}

/**
 * Bundles `contents` (an entry's source) for a browser platform, with no Node built-ins, and
 * returns the code and the files that went into it.
 */
export async function edgeBundle(
  contents: string,
  { resolveDir, conditions = ["worker", "browser"], format = "iife", external }: EdgeBundleOptions,
): Promise<{ code: string; inputs: string[] }> {
  const result = await build({
    stdin: { contents, resolveDir },
    bundle: true,
    format,
    platform: "browser",
    conditions,
    external: external ?? [],
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  return { code: result.outputFiles[0]!.text, inputs: Object.keys(result.metafile!.inputs) };
}

/**
 * A package's entry (as `globalThis[name]`), its telemetry entry's `createTelemetry`, and
 * OpenTelemetry's SDK with the in-memory exporter (`exporter`, and `provider` to hand over),
 * bundled together as a worker bundler does and run in a fresh Edge Runtime VM.
 */
export function runTracedInEdgeRuntime(
  entry: "@credport/server" | "@credport/session",
  name: string,
  options: EdgeBundleOptions,
): Promise<EdgeVM> {
  return runInEdgeRuntime(
    `
      import * as entry from "${entry}";
      import { createTelemetry } from "${entry}/telemetry";
      import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
      globalThis.${name} = entry;
      globalThis.createTelemetry = createTelemetry;
      globalThis.exporter = new InMemorySpanExporter();
      globalThis.provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(globalThis.exporter)] });`,
    options,
  );
}

/** Bundles `contents` as {@link edgeBundle} does and runs it in a fresh Edge Runtime VM. */
export async function runInEdgeRuntime(
  contents: string,
  options: EdgeBundleOptions,
): Promise<EdgeVM> {
  const { code } = await edgeBundle(contents, options);
  const vm = new EdgeVM();
  vm.evaluate(code);
  return vm;
}
