import { test as base, type Page } from "@playwright/test";
import { type PageWallet, wallet } from "./page-wallet.js";
import {
  type AttachTestEmulatorOptions,
  attachTestEmulator,
  type StartTestEmulatorOptions,
  startTestEmulator,
  type TestEmulator,
} from "./test-emulator.js";
import { verifiedSession } from "./verified-session.js";

export { expect } from "@playwright/test";

/**
 * Which emulator the `emulator` fixture gives each worker: `{ attach: { envFile: ".env.local" } }`
 * (or `attach: true`, from `CREDPORT_*` in the environment) for the one your app was started
 * against, e.g. by `webServer`; else `{ start: { … } }` (the default) for one started in the worker,
 * whose `env` you hand to an app you start yourself.
 */
export type CredportEmulatorOption =
  | { attach: AttachTestEmulatorOptions | true; start?: never }
  | { start?: StartTestEmulatorOptions; attach?: never };

/** Options of the fixtures (`test.use({ … })` or `use` in playwright.config.ts). */
export interface CredportTestOptions {
  /** Reset the emulator before each test (an emulator the worker started only). Default false. */
  credportReset: boolean;
  /** The app's verification page for `verifiedPage`. Default `/verify`. */
  credportVerifyUrl: string;
  /** How long the wallet waits for the page (ms). Default 15,000. */
  credportTimeout: number;
}

export interface CredportWorkerOptions {
  credportEmulator: CredportEmulatorOption;
}

export interface CredportFixtures {
  /** A test wallet bound to `page`: `present()`, `decline()`, `receive()`. Its report is printed on failure. */
  wallet: PageWallet;
  /** `page`, already verified through the app's own verification page (`credportVerifyUrl`). */
  verifiedPage: Page;
}

export interface CredportWorkerFixtures {
  /** One emulator per worker (see {@link CredportEmulatorOption}). */
  emulator: TestEmulator;
}

/**
 * `@playwright/test`'s `test` with the Credport fixtures: `emulator` (per worker), `wallet` and
 * `verifiedPage` (per test). When a test fails, what the wallet did and each verification's status
 * history are attached to the test and printed, redacted.
 */
export const test = base.extend<
  CredportTestOptions & CredportFixtures,
  CredportWorkerOptions & CredportWorkerFixtures
>({
  credportEmulator: [{}, { option: true, scope: "worker" }],
  credportReset: [false, { option: true }],
  credportVerifyUrl: ["/verify", { option: true }],
  credportTimeout: [15_000, { option: true }],
  emulator: [
    async ({ credportEmulator }, use) => {
      const emulator = credportEmulator.attach
        ? await attachTestEmulator(credportEmulator.attach === true ? {} : credportEmulator.attach)
        : await startTestEmulator(credportEmulator.start ?? {});
      await use(emulator);
      await emulator.close();
    },
    { scope: "worker" },
  ],
  wallet: async ({ page, emulator, credportReset, credportTimeout }, use, testInfo) => {
    if (credportReset) await emulator.reset();
    const onPage = wallet(page, { emulator, timeout: credportTimeout });
    await use(onPage);
    if (testInfo.status !== testInfo.expectedStatus) await printReport(onPage, testInfo);
  },
  verifiedPage: async (
    { page, emulator, credportReset, credportVerifyUrl, credportTimeout },
    use,
    testInfo,
  ) => {
    if (credportReset) await emulator.reset();
    const { wallet: onPage } = await verifiedSession(page, {
      emulator,
      verifyUrl: credportVerifyUrl,
      timeout: credportTimeout,
    });
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus) await printReport(onPage, testInfo);
  },
});

async function printReport(
  onPage: PageWallet,
  testInfo: { attach(name: string, options: { body: string; contentType: string }): Promise<void> },
) {
  const report = await onPage.report();
  console.log(report);
  await testInfo.attach("credport-wallet-report", { body: report, contentType: "text/plain" });
}
