import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { createScratchWorkspace } from "../src/scratch-workspace.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The scratch workspace with the packed packages installed in every fixture app. */
    scratch: string;
  }
}

let scratch: string | undefined;

export function setup(project: TestProject) {
  const started = Date.now();
  scratch = createScratchWorkspace(
    fileURLToPath(new URL("../../..", import.meta.url)),
    fileURLToPath(new URL("../fixtures", import.meta.url)),
  );
  console.log(`fresh apps: packed and installed in ${Date.now() - started} ms (${scratch})`);
  project.provide("scratch", scratch);
}

export function teardown() {
  // CREDPORT_KEEP_SCRATCH=1 keeps the apps for a look after a failure.
  if (scratch && !process.env.CREDPORT_KEEP_SCRATCH)
    rmSync(scratch, { recursive: true, force: true });
}
