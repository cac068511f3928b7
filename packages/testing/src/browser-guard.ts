/**
 * What a browser bundle gets instead of this package (the `browser` export condition). The testing
 * kit starts an emulator and drives a wallet from your test runner: it must never reach a page.
 */
throw new Error(
  "@credport/testing is for your end-to-end tests (Playwright, Vitest): a browser bundle imported it. Import it from test files only, and keep it in devDependencies.",
);
