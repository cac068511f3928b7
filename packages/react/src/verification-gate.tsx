import { isUnsuccessfulPhase, isWalletLink } from "@credport/browser";
import { FAILURE_CODES } from "@credport/core";
import { type ReactNode, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useCredportContext } from "./credport-context.js";
import { VerificationQRCode } from "./qr-code.js";
import { globalFetch } from "./session-signal.js";
import { LOADING, type SessionPhase, sessionStore } from "./session-store.js";
import { TestWalletLink } from "./test-wallet-link.js";
import { returnPath, type UseVerificationOptions, useVerification } from "./use-verification.js";
import {
  defaultVerificationMessages,
  formatTimeLeft,
  type VerificationMessages,
} from "./verification-messages.js";
import { useWalletOnThisDevice, type WalletHandoff } from "./wallet-handoff.js";

export interface VerificationGateProps extends UseVerificationOptions {
  /** Shown once verified (also while `returnTo` or `?redirect_url=` takes the user on). */
  children?: ReactNode;
  /**
   * `"auto"` (default): a QR code on desktops, the wallet link first on phones and tablets (the QR
   * code one tap away, for a wallet on another device). `"qr"` or `"link"` fix one layout.
   */
  handoff?: WalletHandoff | undefined;
  /** Any text to replace, e.g. a translation; the rest stays English. */
  messages?: Partial<VerificationMessages> | undefined;
  /** Added to the root's `credport-gate` class. */
  className?: string | undefined;
}

/** The status text for a `dcApi` state of an open verification, where it says more than "scan". */
const DEVICE_WALLET_TEXT = {
  presenting: "deviceWalletPresenting",
  submitting: "deviceWalletSubmitting",
  declined: "deviceWalletDeclined",
  wallet_error: "deviceWalletError",
  aborted: "deviceWalletAborted",
  failed: "deviceWalletFailed",
} as const;

/** `dcApi` states in which the gate offers the wallet on this device (again). */
const OFFERED = [
  "ready",
  "presenting",
  "submitting",
  "declined",
  "wallet_error",
  "aborted",
  "failed",
];
const BUSY = ["presenting", "submitting"];

/**
 * Development builds (`NODE_ENV` not `production`, replaced by bundlers as for React itself) show
 * an error's message, which names the fix; production shows the readable text and the code only.
 */
function showsErrorMessages(): boolean {
  try {
    return process.env.NODE_ENV !== "production";
  } catch {
    return false; // no bundler and no `process`: say less
  }
}

const NO_SESSION_READ = () => () => {};
const loading = (): SessionPhase => LOADING.phase;

/** `useVerifiedSession`'s phase (the same shared read), or `loading` forever without a route. */
function useSessionPhase(sessionUrl: string | undefined, http: typeof fetch | undefined) {
  const store = sessionUrl ? sessionStore(http ?? globalFetch, sessionUrl) : undefined;
  return useSyncExternalStore(
    store?.subscribe ?? NO_SESSION_READ,
    store ? () => store.get().phase : loading,
    loading,
  );
}

/**
 * A whole verification screen: starts on mount (`autoStart={false}` to wait for `start`) — after
 * one `GET` of the provider's `sessionUrl`, when there is one: a browser that is verified already
 * sees the children (or goes on to `?redirect_url=` / `returnTo`) and nothing is started. It shows
 * the QR code or the wallet link, the time left, a readable message for every state and
 * `failureCode`, and a retry button. Where the browser can ask a wallet on this device (the
 * Digital Credentials API, `dcApi` of `useVerification`), a "Use a wallet on this device" button
 * comes first, the QR code and link below it; a decline or a wallet error says so and offers the
 * button again. No styles of its own: the root has the `credport-gate` class, `data-phase` (the
 * `phase` of `useVerification`) and, while pending, `data-dc-api` (its `dcApi`); each part a
 * `credport-gate-…` class (`status`, `device-wallet`, `qr`, `wallet-link`, `test-wallet-link`,
 * `show-qr`, `countdown`, `retry`). In the emulator's test environments it
 * adds "Open in test wallet", a link to the emulator's wallet page for the request. Status changes are announced (`role="status"`); the countdown
 * is a silent `role="timer"`.
 *
 * @example
 * <VerificationGate policyId="preset_age_over_18">
 *   <p>Welcome in.</p>
 * </VerificationGate>
 */
export function VerificationGate({
  children,
  handoff = "auto",
  messages,
  className,
  autoStart = true,
  ...options
}: VerificationGateProps) {
  const { sessionMode, sessionUrl, fetch } = useCredportContext();
  // With a session route, the gate asks it first: a browser verified earlier (a reload, a second
  // visit) goes on without a new verification, which would also count against the start limit.
  const readsSession = autoStart && sessionMode === "library" && sessionUrl !== undefined;
  const sessionPhase = useSessionPhase(readsSession ? sessionUrl : undefined, fetch);
  const v = useVerification({ ...options, autoStart: autoStart && !readsSession });
  const onThisDevice = useWalletOnThisDevice(handoff);
  const [qrAsked, setQrAsked] = useState(false);
  // What the first session read decided: once per mount (and once under Strict Mode).
  const [alreadyVerified, setAlreadyVerified] = useState(false);
  const decided = useRef(false);
  const latest = useRef(options);
  latest.current = options;
  const { start } = v;
  useEffect(() => {
    if (!readsSession || decided.current || sessionPhase === "loading") return;
    decided.current = true;
    if (sessionPhase === "unverified") {
      start().catch(() => {});
      return;
    }
    setAlreadyVerified(true);
    const path = returnPath(latest.current.returnTo);
    if (path !== undefined) (latest.current.navigate ?? ((p) => location.replace(p)))(path);
  }, [readsSession, sessionPhase, start]);

  const phase = alreadyVerified && v.phase === "idle" ? "verified" : v.phase;
  if (phase === "verified" && children !== undefined) return <>{children}</>;

  const t = { ...defaultVerificationMessages, ...messages };
  const showQr = !onThisDevice || qrAsked;
  const pending = phase === "pending" && v.authorizationRequestUri;
  const walletLink = isWalletLink(pending);
  const testWalletLink = pending && isWalletLink(v.testWalletUrl);
  // The browser's Digital Credentials API: offered first while the verification is open.
  const deviceWallet = pending && OFFERED.includes(v.dcApi as string);
  const busy = BUSY.includes(v.dcApi as string);
  const deviceWalletText =
    deviceWallet && DEVICE_WALLET_TEXT[v.dcApi as keyof typeof DEVICE_WALLET_TEXT];
  const text =
    phase === "idle" || phase === "starting"
      ? t.starting
      : phase === "pending"
        ? deviceWalletText
          ? t[deviceWalletText]
          : showQr
            ? t.scan
            : t.openWallet
        : phase === "failed"
          ? t[FAILURE_CODES.find((code) => code === v.failureCode) ?? "failed"]
          : v.error?.code === "rate_limited"
            ? t.rateLimited
            : t[phase];
  return (
    <div
      className={className ? `credport-gate ${className}` : "credport-gate"}
      data-phase={phase}
      data-dc-api={pending ? v.dcApi : undefined}
    >
      <p className="credport-gate-status" role="status">
        {text}
        {phase === "error" && v.error ? <code> ({v.error.code})</code> : null}
      </p>
      {phase === "error" && v.error && showsErrorMessages() ? (
        <p className="credport-gate-error-message">
          <code>{v.error.message.replace(/^credport: (?=credport)/, "")}</code>
        </p>
      ) : null}
      {deviceWallet ? (
        // present() runs in the click itself: the browser allows get() only during it.
        <button
          type="button"
          className="credport-gate-device-wallet"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void v.present().catch(() => {})}
        >
          {t.deviceWallet}
        </button>
      ) : null}
      {pending && showQr ? (
        <VerificationQRCode
          className="credport-gate-qr"
          authorizationRequestUri={pending}
          label={t.qrLabel}
        />
      ) : null}
      {walletLink || testWalletLink ? (
        // One item per link: adjacent inline links would read as one run ("Open your walletOpen in…").
        <ul className="credport-gate-links">
          {walletLink ? (
            <li>
              <a className="credport-gate-wallet-link" href={pending}>
                {t.walletLink}
              </a>
            </li>
          ) : null}
          {testWalletLink ? (
            <li>
              <TestWalletLink href={v.testWalletUrl} className="credport-gate-test-wallet-link">
                {t.testWalletLink}
              </TestWalletLink>
            </li>
          ) : null}
        </ul>
      ) : null}
      {pending && !showQr ? (
        <button type="button" className="credport-gate-show-qr" onClick={() => setQrAsked(true)}>
          {t.showQrCode}
        </button>
      ) : null}
      {v.timeRemainingMs !== undefined ? (
        <p className="credport-gate-countdown" role="timer">
          {t.expiresIn.replace("{time}", formatTimeLeft(v.timeRemainingMs))}
        </p>
      ) : null}
      {isUnsuccessfulPhase(phase) ? (
        <button
          type="button"
          className="credport-gate-retry"
          onClick={() => void v.retry().catch(() => {})}
        >
          {t.retry}
        </button>
      ) : null}
    </div>
  );
}
