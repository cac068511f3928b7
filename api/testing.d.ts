// browser-guard.d.ts
export {  }
// index.d.ts
import { T as TestEmulator, a as PageLike, P as PageWallet } from './page-wallet.js';
export { A as AttachTestEmulatorOptions, D as DEVICE_WALLET_BUTTON, b as PageWalletOptions, c as PresentInPageOptions, d as Presented, S as StartTestEmulatorOptions, e as TestEmulatorKeys, V as VerificationTrace, f as attachTestEmulator, s as startTestEmulator, w as wallet } from './page-wallet.js';
import { DigitalCredentialRequestLike, TestIdentity } from '@credport/mock/wallet';
import '@credport/emulator';
interface Activity {
    at: number;
    what: string;
    detail?: unknown;
}
declare function redactForReport(value: unknown): string;
declare function refuseLiveKey(key: string | undefined, source: string): void;
interface PageVerification {
    verificationId?: string;
    authorizationRequestUri: string;
    dcApiRequests?: DigitalCredentialRequestLike[];
    source: "start route" | "page link";
}
type CredportTestingErrorCode =
"live_key"
 | "verification_not_started"
 | "offer_not_shown"
 | "dc_api_unavailable"
 | "session_not_written"
 | "emulator_unavailable"
 | "wallet_failed"
 | "invalid_option";
declare class CredportTestingError extends Error {
    readonly name = "CredportTestingError";
    readonly code: CredportTestingErrorCode;
    readonly report: string | undefined;
    constructor(code: CredportTestingErrorCode, message: string, options?: {
        report?: string | undefined;
        cause?: unknown;
    });
}
interface VerifiedSessionOptions {
    verifyUrl?: string | undefined;
    emulator?: TestEmulator | undefined;
    claims?: Partial<TestIdentity> | undefined;
    cookieName?: string | RegExp | undefined;
    timeout?: number | undefined;
}
declare function verifiedSession(page: PageLike, options?: VerifiedSessionOptions): Promise<{
    verificationId: string | undefined;
    wallet: PageWallet;
}>;
export { type Activity, CredportTestingError, type CredportTestingErrorCode, PageLike, type PageVerification, PageWallet, TestEmulator, type VerifiedSessionOptions, redactForReport, refuseLiveKey, verifiedSession };
// page-wallet.d.ts
import { PresentOptions, TestIdentity, HeldCredential, TestWallet } from '@credport/mock/wallet';
import { EmulatorOptions } from '@credport/emulator';
interface PageLike {
    evaluate(pageFunction: (arg: any) => unknown, arg?: any): Promise<any>;
    click(selector: string): Promise<void>;
    url(): string | Promise<string>;
}
interface TestEmulatorKeys {
    secretKey: string;
    publishableKey: string;
    webhookSecret: string;
}
interface VerificationTrace {
    id: string;
    status: string;
    failureCode?: string;
    history: {
        at: string;
        status: string;
    }[];
}
interface TestEmulator {
    readonly url: string;
    readonly keys: TestEmulatorKeys;
    readonly projectId?: string;
    readonly env: Readonly<Record<string, string>>;
    readonly owned: boolean;
    reset(): Promise<void>;
    readonly clock: {
        advance(by: number | {
            seconds?: number;
            minutes?: number;
            hours?: number;
            days?: number;
        }): Promise<string>;
    };
    trace(verificationId: string): Promise<VerificationTrace>;
    close(): Promise<void>;
}
interface StartTestEmulatorOptions {
    port?: number | undefined;
    profile?: EmulatorOptions["profile"];
    forwardWebhooksTo?: string | undefined;
    sessionSecret?: string | undefined;
}
interface AttachTestEmulatorOptions {
    url?: string | undefined;
    secretKey?: string | undefined;
    publishableKey?: string | undefined;
    webhookSecret?: string | undefined;
    envFile?: string | undefined;
}
declare function startTestEmulator(options?: StartTestEmulatorOptions): Promise<TestEmulator>;
declare function attachTestEmulator(options?: AttachTestEmulatorOptions): Promise<TestEmulator>;
declare const DEVICE_WALLET_BUTTON = "button.credport-gate-device-wallet, [data-credport-device-wallet]";
interface PageWalletOptions {
    emulator?: TestEmulator | undefined;
    timeout?: number | undefined;
    deviceWalletButton?: string | undefined;
}
interface PresentInPageOptions {
    omit?: PresentOptions["omit"];
    tamper?: PresentOptions["tamper"];
    claims?: Partial<TestIdentity> | undefined;
    refuse?: boolean | undefined;
    format?: "dc+sd-jwt" | "mso_mdoc" | undefined;
    protocol?: string | undefined;
    via?: "auto" | "dc-api" | "link" | undefined;
}
interface Presented {
    verificationId: string | undefined;
    via: "dc-api" | "link";
}
interface PageWallet {
    present(options?: PresentInPageOptions): Promise<Presented>;
    decline(): Promise<void>;
    receive(offer?: string): Promise<HeldCredential>;
    testWallet(): Promise<TestWallet>;
    report(): Promise<string>;
}
declare function wallet(page: PageLike, options?: PageWalletOptions): PageWallet;
export { type AttachTestEmulatorOptions as A, DEVICE_WALLET_BUTTON as D, type PageWallet as P, type StartTestEmulatorOptions as S, type TestEmulator as T, type VerificationTrace as V, type PageLike as a, type PageWalletOptions as b, type PresentInPageOptions as c, type Presented as d, type TestEmulatorKeys as e, attachTestEmulator as f, startTestEmulator as s, wallet as w };
// playwright.d.ts
import * as _playwright_test from '@playwright/test';
import { Page } from '@playwright/test';
export { expect } from '@playwright/test';
import { A as AttachTestEmulatorOptions, S as StartTestEmulatorOptions, P as PageWallet, T as TestEmulator } from './page-wallet.js';
import '@credport/mock/wallet';
import '@credport/emulator';
type CredportEmulatorOption = {
    attach: AttachTestEmulatorOptions | true;
    start?: never;
} | {
    start?: StartTestEmulatorOptions;
    attach?: never;
};
interface CredportTestOptions {
    credportReset: boolean;
    credportVerifyUrl: string;
    credportTimeout: number;
}
interface CredportWorkerOptions {
    credportEmulator: CredportEmulatorOption;
}
interface CredportFixtures {
    wallet: PageWallet;
    verifiedPage: Page;
}
interface CredportWorkerFixtures {
    emulator: TestEmulator;
}
declare const test: _playwright_test.TestType<_playwright_test.PlaywrightTestArgs & _playwright_test.PlaywrightTestOptions & CredportTestOptions & CredportFixtures, _playwright_test.PlaywrightWorkerArgs & _playwright_test.PlaywrightWorkerOptions & CredportWorkerOptions & CredportWorkerFixtures>;
export { type CredportEmulatorOption, type CredportFixtures, type CredportTestOptions, type CredportWorkerFixtures, type CredportWorkerOptions, test };
