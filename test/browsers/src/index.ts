export { CHROMIUM, CHROMIUM_ARGS, launchChromium, launchChromiumBrowser } from "./chromium.js";
export { describeEngines } from "./describe-engines.js";
export type {
  BrowserCookie,
  BrowserEngine,
  BrowserSession,
  EngineName,
  PageFunction,
  Tab,
} from "./driver.js";
export { canHideTabs, ENGINES, launchEngine, selectedEngines } from "./engines.js";
export { FIREFOX, launchFirefox } from "./firefox.js";
export { freePort } from "./free-port.js";
export { type InsecureOriginProxy, startInsecureOriginProxy } from "./insecure-origin-proxy.js";
export type { LaunchOptions } from "./launch-options.js";
export { pollUntil } from "./poll-until.js";
export { launchWebKit, MINIBROWSER, WEBKIT_DRIVER } from "./webkit.js";
