import { launchChromium } from "./chromium.js";
import type { BrowserEngine, EngineName } from "./driver.js";
import { launchFirefox } from "./firefox.js";
import type { LaunchOptions } from "./launch-options.js";
import { launchWebKit } from "./webkit.js";

export const ENGINES: readonly EngineName[] = ["chromium", "firefox", "webkit"];

/**
 * The engines to test in: all three, or those listed in `CREDPORT_ENGINES` (comma-separated), for a
 * quicker local run. An unknown name fails rather than silently testing less.
 */
export function selectedEngines(
  env: string | undefined = process.env.CREDPORT_ENGINES,
): EngineName[] {
  if (!env) return [...ENGINES];
  const names = env
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!ENGINES.includes(name as EngineName)) {
      throw new Error(`CREDPORT_ENGINES: unknown engine "${name}"; use ${ENGINES.join(", ")}`);
    }
  }
  return names as EngineName[];
}

/**
 * Whether `tab.hide()` works in the engine. Headless Chromium reports every tab as visible (new tab,
 * minimized window, background target alike) and no DevTools command hides one.
 */
export function canHideTabs(name: EngineName): boolean {
  return name !== "chromium";
}

const launchers: Record<EngineName, (options: LaunchOptions) => Promise<BrowserEngine>> = {
  chromium: launchChromium,
  firefox: launchFirefox,
  webkit: launchWebKit,
};

export function launchEngine(
  name: EngineName,
  options: LaunchOptions = {},
): Promise<BrowserEngine> {
  return launchers[name](options);
}
