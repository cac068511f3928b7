import { afterAll, beforeAll, describe } from "vitest";
import type { BrowserEngine, EngineName } from "./driver.js";
import { launchEngine, selectedEngines } from "./engines.js";
import type { LaunchOptions } from "./launch-options.js";

/**
 * Declares the same tests once per engine: `describe("<title> in <engine>")`, with one browser
 * launched for the whole block (sessions per test are cheap; launches are not). Engines run one
 * after another within a file; files run in parallel.
 *
 * `define` runs at collection time and gets the engine's name (to leave out a test that cannot run
 * there — say why in its name) and a getter for the launched engine, valid inside tests and hooks.
 */
export function describeEngines(
  title: string,
  define: (engine: () => BrowserEngine, name: EngineName) => void,
  options: { launch?: () => LaunchOptions } = {},
): void {
  for (const name of selectedEngines()) {
    describe(`${title} in ${name}`, () => {
      let engine: BrowserEngine | undefined;
      beforeAll(async () => {
        engine = await launchEngine(name, options.launch?.() ?? {});
      }, 300_000); // WebKit waits while another file's WebKit runs (webkit-lock.ts)
      afterAll(async () => {
        await engine?.close();
      });
      define(() => {
        if (!engine) throw new Error(`${name} did not launch`);
        return engine;
      }, name);
    });
  }
}
