import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { CHROMIUM } from "@credport/test-browsers";
import { beforeAll, expect, it } from "vitest";

// The Playwright fixtures (the built package, as `@credport/testing/playwright`) failing when they
// should, as a user's `npx playwright test` reports it: test/playwright-fixtures/fixtures.spec.ts,
// run here with the JSON reporter in Chromium.
interface Result {
  status: string;
  error?: { message?: string };
  stdout: { text?: string }[];
  attachments: { name: string }[];
}
interface Suite {
  suites?: Suite[];
  specs?: { title: string; tests: { results: Result[] }[] }[];
}

const results = new Map<string, Result>();
let errors = "";

beforeAll(() => {
  const dir = fileURLToPath(new URL("./playwright-fixtures/", import.meta.url));
  const run = spawnSync(
    fileURLToPath(new URL("../node_modules/.bin/playwright", import.meta.url)),
    ["test", "-c", `${dir}playwright.config.ts`, "--reporter=json"],
    {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, CHROMIUM_PATH: CHROMIUM, CI: "1" },
      timeout: 240_000,
    },
  );
  let report: { suites: Suite[]; errors?: { message?: string }[] };
  try {
    report = JSON.parse(run.stdout);
  } catch {
    throw new Error(`playwright test printed no JSON report:\n${run.stdout}\n${run.stderr}`);
  }
  const walk = (suite: Suite) => {
    for (const spec of suite.specs ?? []) results.set(spec.title, spec.tests[0]!.results.at(-1)!);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites) walk(suite);
  errors = (report.errors ?? []).map((e) => e.message).join("\n");
}, 300_000);

const result = (title: string) => {
  const found = results.get(title);
  if (!found)
    throw new Error(`no result for "${title}": ${[...results.keys()].join(" | ")}\n${errors}`);
  return found;
};
const printed = (r: Result) => r.stdout.map((s) => s.text ?? "").join("");

it("wallet: a holder born 2011 is refused by the policy, and the shop shows it (the spec passes)", () => {
  const r = result("refused claim: a holder born 2011, the shop shows the refusal");
  expect(r.error?.message).toBeUndefined();
  expect(r.status).toBe("passed");
});

it("wallet: on a page that never starts a verification, the test fails naming what was awaited, and the report is printed and attached", () => {
  const r = result("never starts: wallet.present() on a page without a verification");
  expect(r.status).toBe("failed");
  expect(r.error?.message).toMatch(
    /wallet\.present\(\) waited 1000 ms for http:\/\/localhost:\d+\/welcome to start a verification/,
  );
  expect(r.error?.message).toMatch(/authorizationRequestUri.*wallet link/s);
  expect(printed(r)).toMatch(/gave up waiting for a verification after 1000 ms/);
  expect(r.attachments.map((a) => a.name)).toContain("credport-wallet-report");
});

it("verifiedPage: a verify URL that never starts one fails the test the same way", () => {
  const r = result("never starts: verifiedPage on a verify URL without a verification");
  expect(r.status).toBe("failed");
  expect(r.error?.message).toMatch(/waited 1000 ms for about:blank to start a verification/);
});

it("emulator: a live key fails the worker's fixture before anything is sent, without the key", () => {
  const r = result("live key: the emulator fixture refuses it");
  expect(r.status).toBe("failed");
  expect(r.error?.message).toMatch(/CREDPORT_SECRET_KEY\) is a live key/);
  expect(r.error?.message).not.toContain("a".repeat(24));
  expect(r.error?.message).not.toContain("never reached");
});
