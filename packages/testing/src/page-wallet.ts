import {
  type CdpSessionLike,
  createTestWallet,
  declineInVirtualWallet,
  type HeldCredential,
  type PresentOptions,
  setVirtualWalletAnswer,
  type TestIdentity,
  type TestWallet,
} from "@credport/mock/wallet";
import { ActivityLog } from "./activity-log.js";
import { obtainAgeMdoc } from "./age-mdoc.js";
import { isChromium, isPlaywrightPage, type PageLike } from "./page-like.js";
import {
  findWalletLink,
  OFFER_LINK_SCHEMES,
  type PageVerification,
  readStartAnswer,
  VERIFICATION_LINK_SCHEMES,
} from "./started-verification.js";
import type { TestEmulator } from "./test-emulator.js";
import { CredportTestingError } from "./testing-error.js";

/**
 * The "use a wallet on this device" button the kit clicks for the Digital Credentials API:
 * `<VerificationGate>`'s, or any element of yours marked `data-credport-device-wallet`.
 */
export const DEVICE_WALLET_BUTTON =
  "button.credport-gate-device-wallet, [data-credport-device-wallet]";

/** Options of {@link wallet}. */
export interface PageWalletOptions {
  /** The emulator the app runs against: its status history goes into failure reports. */
  emulator?: TestEmulator | undefined;
  /** How long to wait for the page to show a verification or an offer (default 15 s). */
  timeout?: number | undefined;
  /** The page's button that calls the Digital Credentials API (default {@link DEVICE_WALLET_BUTTON}). */
  deviceWalletButton?: string | undefined;
}

/** How the wallet answers in {@link PageWallet.present}. */
export interface PresentInPageOptions {
  /** Claim paths the wallet leaves out (`["age_over_18"]`): the service fails it `claims_missing`. */
  omit?: PresentOptions["omit"];
  /** Break the presentation in one way (`"signature"`, `"nonce"`, …): `presentation_invalid`. */
  tamper?: PresentOptions["tamper"];
  /**
   * The holder's identity, instead of the test identity (Ada Lovelace, born 1815): for example
   * `{ birthdate: "2011-05-01" }` for a 15-year-old. The emulator's test issuer issues it, signed.
   */
  claims?: Partial<TestIdentity> | undefined;
  /** The holder says no in the wallet: `wallet_rejected`. */
  refuse?: boolean | undefined;
  /**
   * The credential the wallet answers with. Default: what the request asks for first that the
   * wallet holds or the emulator's test issuer hands out (the identity credential, an SD-JWT VC).
   * `"mso_mdoc"`: an EU age attestation (ISO mdoc, doctype `eu.europa.ec.av.1`), as Apple, Google
   * and EU age-verification wallets answer `preset_age_over_18`; the emulator issues it to the
   * wallet first, with `age_over_18` following `claims.birthdate` (needs `wallet(page, { emulator })`).
   */
  format?: "dc+sd-jwt" | "mso_mdoc" | undefined;
  /**
   * Digital Credentials API only: answer the page's request of this protocol, as a wallet that
   * speaks only that one would (`"org-iso-mdoc"`, ISO/IEC 18013-7 Annex C, as Safari's wallets;
   * `"openid4vp-v1-signed"`; `"openid4vp-v1-unsigned"`). Default: the first the wallet speaks.
   */
  protocol?: string | undefined;
  /**
   * `"auto"` (default): the Digital Credentials API where the page offers it and the browser is
   * Playwright's Chromium (its virtual wallet), else the page's wallet link; or one of them.
   */
  via?: "auto" | "dc-api" | "link" | undefined;
}

/** What {@link PageWallet.present} did. */
export interface Presented {
  verificationId: string | undefined;
  via: "dc-api" | "link";
}

/** A test wallet bound to one page: it answers whatever verification the page is showing. */
export interface PageWallet {
  /**
   * Answers the verification the page shows, with the test wallet's real, signed answer: through
   * the browser's own `navigator.credentials.get()` (the virtual wallet set to the answer, then
   * the page's button clicked) where it can, else through the page's wallet link. Waits for the
   * page to start one; throws `verification_not_started` naming what it waited for.
   */
  present(options?: PresentInPageOptions): Promise<Presented>;
  /** Closes the browser's wallet dialog unanswered (`NotAllowedError` in the page): Chromium only. */
  decline(): Promise<void>;
  /** Accepts an offer over OpenID4VCI: the URI given, or the one the page shows. */
  receive(offer?: string): Promise<HeldCredential>;
  /** The test wallet behind it (its credentials, and the lower-level calls). */
  testWallet(): Promise<TestWallet>;
  /**
   * What the kit did on this page and, with an emulator, each verification's status history;
   * keys, tokens, links and signed blobs redacted. The fixtures print it when a test fails.
   */
  report(): Promise<string>;
}

const POLL_MS = 100;
const DEVICE_BUTTON_WAIT_MS = 5_000;
const START_ANSWER_GRACE_MS = 2_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A wallet for the page under test. With Playwright, call it before the page navigates, so that
 * it sees the app's start route answer (which carries the Digital Credentials API requests); a
 * page of another driver is answered through its wallet link.
 */
export function wallet(page: PageLike, options: PageWalletOptions = {}): PageWallet {
  const timeout = options.timeout ?? 15_000;
  const button = options.deviceWalletButton ?? DEVICE_WALLET_BUTTON;
  const log = new ActivityLog();
  const seen: PageVerification[] = [];
  const consumed = new Set<string>();
  const playwright = isPlaywrightPage(page) ? page : undefined;
  let shared: Promise<TestWallet> | undefined;
  // The mdoc holder is a wallet of its own, so that the default one never answers with an mdoc.
  let mdocHolder: Promise<TestWallet> | undefined;
  let cdp: Promise<CdpSessionLike> | undefined;

  playwright?.on("response", (response) => {
    if (response.request().method() !== "POST") return;
    if (!response.headers()["content-type"]?.includes("json")) return;
    response.json().then(
      (body) => {
        const started = readStartAnswer(body);
        if (!started) {
          // A refused start (429 rate_limited, 403 cross_site_request…) is why none is seen.
          if (response.status() >= 400)
            log.add(`a POST of the page was refused (${response.status()})`, {
              url: response.url(),
              code: (body as { code?: unknown } | null)?.code ?? "none",
            });
          return;
        }
        seen.push(started);
        log.add(`the page's start route answered (${response.status()})`, {
          url: response.url(),
          verificationId: started.verificationId,
          dcApiRequests: started.dcApiRequests?.map((r) => r.protocol) ?? "none",
        });
      },
      () => {}, // not JSON after all, or the page went away
    );
  });

  const testWallet = () => {
    shared ??= createTestWallet();
    return shared;
  };
  const mdocWallet = () => {
    mdocHolder ??= createTestWallet();
    return mdocHolder;
  };

  async function pageUrl() {
    return String(await page.url());
  }

  /** The newest verification the page started and no answer has used yet. */
  async function awaitVerification(purpose: string): Promise<PageVerification> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const fresh = seen.filter((v) => !consumed.has(v.authorizationRequestUri)).at(-1);
      if (fresh) return fresh;
      const link = (await page
        .evaluate(findWalletLink, VERIFICATION_LINK_SCHEMES)
        .catch(() => null)) as string | null;
      if (link && !consumed.has(link)) {
        // The link shows as soon as the start answer arrives; reading that answer's body (with
        // its DC API requests) may take a moment longer.
        const graceUntil = Date.now() + (playwright ? START_ANSWER_GRACE_MS : 0);
        for (;;) {
          const started = seen.find((v) => v.authorizationRequestUri === link);
          if (started) return started;
          if (Date.now() >= graceUntil) break;
          await sleep(POLL_MS / 4);
        }
        const found: PageVerification = { authorizationRequestUri: link, source: "page link" };
        log.add("found a wallet link on the page", { link });
        return found;
      }
      if (Date.now() >= deadline) {
        log.add(`gave up waiting for a verification after ${timeout} ms`, {
          url: await pageUrl().catch(() => "?"),
        });
        throw new CredportTestingError(
          "verification_not_started",
          `@credport/testing: ${purpose} waited ${timeout} ms for ${await pageUrl().catch(() => "the page")} to start a verification — an answer of the app's start route with authorizationRequestUri (POST …/verifications), or a wallet link on the page (${VERIFICATION_LINK_SCHEMES.join(", ")}) — and saw neither. Is this the verification page, did the page load, and does its start route answer? (With Playwright, create the wallet before page.goto().)`,
          { report: await report() },
        );
      }
      await sleep(POLL_MS);
    }
  }

  /** The DC API path's button, when this page and browser can take it; else the reason why not. */
  async function deviceWallet(verification: PageVerification): Promise<string | { why: string }> {
    if (!playwright) return { why: "the page is not Playwright's (no CDP virtual wallet)" };
    if (!isChromium(playwright))
      return { why: "the browser is not Chromium (the virtual wallet is Chromium's)" };
    if (!verification.dcApiRequests)
      return { why: `the verification (from the ${verification.source}) has no DC API requests` };
    const deadline = Date.now() + DEVICE_BUTTON_WAIT_MS;
    for (;;) {
      const ready = await page
        .evaluate((selector: string) => {
          const element = document.querySelector(selector) as HTMLButtonElement | null;
          return !!element && element.checkVisibility() && !element.disabled;
        }, button)
        .catch(() => false);
      if (ready) return button;
      if (Date.now() >= deadline)
        return { why: `no enabled ${button} on the page after ${DEVICE_BUTTON_WAIT_MS} ms` };
      await sleep(POLL_MS);
    }
  }

  async function virtualWallet(): Promise<CdpSessionLike> {
    cdp ??= playwright!.context().newCDPSession(playwright as never);
    return cdp;
  }

  async function failed(message: string, cause: unknown): Promise<never> {
    const reason = cause instanceof Error ? cause.message : String(cause);
    log.add(`failed: ${reason}`);
    throw new CredportTestingError("wallet_failed", `@credport/testing: ${message}: ${reason}`, {
      report: await report(),
      cause,
    });
  }

  async function present(presentOptions: PresentInPageOptions = {}): Promise<Presented> {
    const via = presentOptions.via ?? "auto";
    const verification = await awaitVerification("wallet.present()");
    const holder = presentOptions.claims
      ? await createTestWallet({ identity: presentOptions.claims })
      : presentOptions.format === "mso_mdoc"
        ? await mdocWallet()
        : await testWallet();
    let mdoc: HeldCredential | undefined;
    if (presentOptions.format === "mso_mdoc") {
      try {
        mdoc = await obtainAgeMdoc(options.emulator, holder, presentOptions.claims);
      } catch (cause) {
        if (cause instanceof CredportTestingError) throw cause;
        await failed("the test wallet could not obtain an mdoc", cause);
      }
      log.add("the test wallet holds an mdoc", { claims: mdoc?.claims });
    }
    const answerOptions = {
      ...(mdoc ? { credential: mdoc } : {}),
      ...(presentOptions.omit ? { omit: presentOptions.omit } : {}),
      ...(presentOptions.tamper ? { tamper: presentOptions.tamper } : {}),
      ...(presentOptions.refuse ? { refuse: true } : {}),
    };
    const { credential: _held, ...shown } = answerOptions;
    const told = {
      ...shown,
      ...(presentOptions.format ? { format: presentOptions.format } : {}),
      ...(presentOptions.protocol ? { protocol: presentOptions.protocol } : {}),
      ...(presentOptions.claims ? { claims: presentOptions.claims } : {}),
    };
    const device = via === "link" ? { why: "via: link" } : await deviceWallet(verification);
    if (typeof device === "string") {
      const origin = new URL(await pageUrl()).origin;
      log.add("the page's Digital Credentials API request", verification.dcApiRequests);
      const answer = await holder
        .answerDcApiRequest(verification.dcApiRequests!, {
          origin,
          identityFrom: verification.authorizationRequestUri,
          ...(presentOptions.protocol ? { protocol: presentOptions.protocol } : {}),
          ...answerOptions,
        })
        .catch((cause: unknown) =>
          failed("the test wallet could not answer the DC API request", cause),
        );
      log.add(`the test wallet's answer for ${origin}`, { told, answer });
      await setVirtualWalletAnswer(await virtualWallet(), answer);
      await page.click(device);
      log.add(`set the virtual wallet's answer and clicked ${device}`);
      consumed.add(verification.authorizationRequestUri);
      return { verificationId: verification.verificationId, via: "dc-api" };
    }
    if (via === "dc-api" || presentOptions.protocol) {
      log.add(`the DC API path is not available: ${device.why}`);
      const asked = presentOptions.protocol
        ? `protocol: ${JSON.stringify(presentOptions.protocol)}`
        : 'via: "dc-api"';
      throw new CredportTestingError(
        "dc_api_unavailable",
        `@credport/testing: wallet.present({ ${asked} }) cannot take the Digital Credentials API here: ${device.why}.`,
        { report: await report() },
      );
    }
    log.add(`the test wallet answers through the link (${device.why})`, {
      link: verification.authorizationRequestUri,
      told,
    });
    await holder
      .present(verification.authorizationRequestUri, answerOptions)
      .catch((cause: unknown) =>
        failed("the test wallet could not answer through the link", cause),
      );
    log.add("the test wallet posted its answer to the verifier");
    consumed.add(verification.authorizationRequestUri);
    return { verificationId: verification.verificationId, via: "link" };
  }

  async function decline(): Promise<void> {
    const verification = await awaitVerification("wallet.decline()");
    const device = await deviceWallet(verification);
    if (typeof device !== "string") {
      log.add(`decline: the DC API path is not available: ${device.why}`);
      throw new CredportTestingError(
        "dc_api_unavailable",
        `@credport/testing: wallet.decline() closes the browser's wallet dialog, which only Chromium's Digital Credentials API has: ${device.why}. Elsewhere, present({ refuse: true }) is the holder saying no.`,
        { report: await report() },
      );
    }
    await declineInVirtualWallet(await virtualWallet());
    await page.click(device);
    log.add(`set the virtual wallet to decline and clicked ${device}`);
  }

  async function receive(offer?: string): Promise<HeldCredential> {
    let uri = offer;
    const deadline = Date.now() + timeout;
    while (!uri) {
      uri =
        ((await page.evaluate(findWalletLink, OFFER_LINK_SCHEMES).catch(() => null)) as
          | string
          | null) ?? undefined;
      if (uri) break;
      if (Date.now() >= deadline)
        throw new CredportTestingError(
          "offer_not_shown",
          `@credport/testing: wallet.receive() waited ${timeout} ms for ${await pageUrl().catch(() => "the page")} to show a credential offer link (${OFFER_LINK_SCHEMES.join(", ")}) and saw none; pass the offer URI instead.`,
          { report: await report() },
        );
      await sleep(POLL_MS);
    }
    log.add("the test wallet accepts the offer", { offer: uri });
    const held = await (await testWallet())
      .acceptOffer(uri)
      .catch((cause: unknown) => failed("the test wallet could not accept the offer", cause));
    log.add("the test wallet holds the credential", { format: held.format, title: held.title });
    return held;
  }

  async function report(): Promise<string> {
    const parts = [log.format("@credport/testing: what the wallet did on this page")];
    const ids = [...new Set(seen.map((v) => v.verificationId).filter(Boolean))] as string[];
    if (options.emulator)
      for (const id of ids) {
        try {
          const trace = await options.emulator.trace(id);
          parts.push(
            `verification ${id}: ${trace.status}${trace.failureCode ? ` (${trace.failureCode})` : ""}; history: ${trace.history.map((h) => h.status).join(" → ")}`,
          );
        } catch (error) {
          parts.push(`verification ${id}: status unavailable (${String(error)})`);
        }
      }
    return parts.join("\n");
  }

  return { present, decline, receive, testWallet, report };
}
