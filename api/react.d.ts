// credport-context.d.ts
import * as react from 'react';
import { ReactNode } from 'react';
import { Coordination } from '@credport/browser';
interface CredportProviderProps {
    publishableKey: string | undefined;
    baseUrl: string | undefined;
    startUrl: string;
    sessionUrl?: string | undefined;
    sessionMode?: "library" | "manual" | undefined;
    fetch?: typeof fetch | undefined;
    coordination?: Coordination | undefined;
    children?: ReactNode;
}
declare function CredportProvider({ publishableKey, baseUrl, startUrl, sessionUrl, sessionMode, fetch, coordination, children, }: CredportProviderProps): react.JSX.Element;
export { CredportProvider as C, type CredportProviderProps as a };
// index.d.ts
import { FlowState, FlowPhase, FailureCode, CredportError as CredportError$1, DcApiPhase, PresentOptions } from '@credport/browser';
export { DcApiPhase, FailureCode, FlowPhase, PresentOptions, isWalletLink } from '@credport/browser';
import { CredportError } from '@credport/core';
export { CredportErrorCode } from '@credport/core';
export { C as CredportProvider, a as CredportProviderProps } from './credport-context.js';
import * as react from 'react';
import { SVGProps, ReactNode } from 'react';
interface QRCodeProps extends Omit<SVGProps<SVGSVGElement>, "children"> {
    value: string;
    label: string;
}
declare function QRCode({ value, label, ...svg }: QRCodeProps): react.JSX.Element;
interface TestWalletLinkOptions {
    testWalletLinkText?: string | undefined;
    testWalletLinkClassName?: string | undefined;
}
interface VerificationQRCodeProps extends Omit<QRCodeProps, "value" | "label">, TestWalletLinkOptions {
    authorizationRequestUri: string;
    testWalletUrl?: string | undefined;
    label?: string | undefined;
}
declare function VerificationQRCode({ authorizationRequestUri, testWalletUrl, label, testWalletLinkText, testWalletLinkClassName, ...props }: VerificationQRCodeProps): react.JSX.Element;
interface CredentialOfferQRCodeProps extends Omit<QRCodeProps, "value" | "label">, TestWalletLinkOptions {
    offer: {
        offerQrUri: string;
        offerUri: string;
        testWalletUrl?: string | undefined;
    };
    label?: string | undefined;
    linkText?: string | null | undefined;
    linkClassName?: string | undefined;
}
declare function CredentialOfferQRCode({ offer, label, linkText, linkClassName, testWalletLinkText, testWalletLinkClassName, ...props }: CredentialOfferQRCodeProps): react.JSX.Element;
interface UseSignOutOptions {
    sessionUrl?: string | undefined;
    redirectTo?: string | undefined;
    fetch?: typeof fetch | undefined;
}
interface UseSignOutResult {
    signOut(): Promise<void>;
    pending: boolean;
    error?: CredportError | undefined;
}
declare function useSignOut(options?: UseSignOutOptions): UseSignOutResult;
interface SignOutButtonProps extends UseSignOutOptions {
    children?: ReactNode;
    className?: string | undefined;
    onError?: ((error: CredportError) => void) | undefined;
}
declare function SignOutButton({ children, className, onError, ...options }: SignOutButtonProps): react.JSX.Element;
interface UseVerificationOptions {
    policyId: string;
    customerUserRef?: string | undefined;
    metadata?: Record<string, string> | undefined;
    provider?: string | undefined;
    autoStart?: boolean | undefined;
    returnTo?: string | false | undefined;
    navigate?: ((path: string) => void) | undefined;
    onVerified?: ((state: FlowState) => void) | undefined;
    onFailed?: ((state: FlowState) => void) | undefined;
    onExpired?: ((state: FlowState) => void) | undefined;
}
interface UseVerificationResult {
    phase: FlowPhase;
    verificationId?: string | undefined;
    authorizationRequestUri?: string | undefined;
    testWalletUrl?: string | undefined;
    failureCode?: FailureCode | undefined;
    error?: CredportError$1 | undefined;
    timeRemainingMs?: number | undefined;
    dcApi?: DcApiPhase | undefined;
    walletError?: string | undefined;
    present(options?: PresentOptions): Promise<FlowState>;
    start(): Promise<FlowState>;
    retry(): Promise<FlowState>;
    reset(): void;
}
declare function useVerification(options: UseVerificationOptions): UseVerificationResult;
type SessionPhase = "loading" | "verified" | "unverified";
interface UseVerifiedSessionOptions {
    sessionUrl?: string | undefined;
    fetch?: typeof fetch | undefined;
}
interface UseVerifiedSessionResult {
    phase: SessionPhase;
    expiresAt?: string | undefined;
    refresh(): Promise<void>;
}
declare function useVerifiedSession(options?: UseVerifiedSessionOptions): UseVerifiedSessionResult;
declare const defaultVerificationMessages: {
    starting: string;
    scan: string;
    openWallet: string;
    in_progress: string;
    finalizing: string;
    verified: string;
    failed: string;
    presentation_invalid: string;
    claims_missing: string;
    claims_not_satisfied: string;
    credential_revoked: string;
    credential_expired: string;
    wallet_rejected: string;
    expired: string;
    canceled: string;
    timeout: string;
    error: string;
    rateLimited: string;
    retry: string;
    deviceWallet: string;
    deviceWalletPresenting: string;
    deviceWalletSubmitting: string;
    deviceWalletDeclined: string;
    deviceWalletError: string;
    deviceWalletAborted: string;
    deviceWalletFailed: string;
    walletLink: string;
    testWalletLink: string;
    showQrCode: string;
    qrLabel: string;
    expiresIn: string;
};
type VerificationMessages = Record<keyof typeof defaultVerificationMessages, string>;
type WalletHandoff = "auto" | "qr" | "link";
interface VerificationGateProps extends UseVerificationOptions {
    children?: ReactNode;
    handoff?: WalletHandoff | undefined;
    messages?: Partial<VerificationMessages> | undefined;
    className?: string | undefined;
}
declare function VerificationGate({ children, handoff, messages, className, autoStart, ...options }: VerificationGateProps): react.JSX.Element;
export { CredentialOfferQRCode, type CredentialOfferQRCodeProps, QRCode, type QRCodeProps, type SessionPhase, SignOutButton, type SignOutButtonProps, type TestWalletLinkOptions, type UseSignOutOptions, type UseSignOutResult, type UseVerificationOptions, type UseVerificationResult, type UseVerifiedSessionOptions, type UseVerifiedSessionResult, VerificationGate, type VerificationGateProps, type VerificationMessages, VerificationQRCode, type VerificationQRCodeProps, type WalletHandoff, defaultVerificationMessages, useSignOut, useVerification, useVerifiedSession };
// testing.d.ts
import { Model } from '@credport/mock';
import { PresentOptions } from '@credport/mock/wallet';
import { a as CredportProviderProps } from './credport-context.js';
import 'react';
import '@credport/browser';
interface CredportTestEnvironment {
    model: Model;
    providerProps: Omit<CredportProviderProps, "children">;
    fetch: typeof fetch;
    finalizedSessions(): number;
    setSession(verified: boolean): void;
    latestVerification(): {
        id: string;
        authorizationRequestUri: string;
    } | undefined;
    present(options?: PresentOptions): Promise<void>;
    presentMdoc(claims?: Record<string, Record<string, boolean | number | string>>, options?: PresentOptions): Promise<void>;
}
declare function createCredportTestEnvironment(): CredportTestEnvironment;
export { type CredportTestEnvironment, createCredportTestEnvironment };
