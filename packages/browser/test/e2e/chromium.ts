// Kept for real-browser tests not yet on the engine driver; new tests use `describeEngines` from
// @credport/test-browsers, which runs them in Chromium, Firefox and WebKit.
export { CHROMIUM, launchChromiumBrowser as launchChromium } from "@credport/test-browsers";
