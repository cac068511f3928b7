// credport-context.d.ts
import * as react from 'react';
import { ReactNode } from 'react';
import { Coordination } from '@credport/browser';
interface CredportEndpoints {
    start: string;
    session?: string;
}
interface CredportProviderProps {
    publishableKey: string;
    baseUrl: string;
    endpoints: CredportEndpoints;
    sessionMode?: "library" | "manual";
    fetch?: typeof fetch;
    coordination?: Coordination;
    children?: ReactNode;
}
declare function CredportProvider({ publishableKey, baseUrl, endpoints, sessionMode, fetch, coordination, children, }: CredportProviderProps): react.JSX.Element;
export { type CredportEndpoints as C, CredportProvider as a, type CredportProviderProps as b };
// index.d.ts
export { C as CredportEndpoints, a as CredportProvider, b as CredportProviderProps } from './credport-context.js';
import * as react from 'react';
import { SVGProps } from 'react';
import { StartParams, FlowState, CredportError } from '@credport/browser';
interface QRCodeProps extends Omit<SVGProps<SVGSVGElement>, "children"> {
    value: string;
    label: string;
}
declare function QRCode({ value, label, ...svg }: QRCodeProps): react.JSX.Element;
interface VerificationQRCodeProps extends Omit<QRCodeProps, "value" | "label"> {
    authorizationRequestUri: string;
    label?: string;
}
declare function VerificationQRCode({ authorizationRequestUri, label, ...props }: VerificationQRCodeProps): react.JSX.Element;
interface CredentialOfferQRCodeProps extends Omit<QRCodeProps, "value" | "label"> {
    offer: {
        offerQrUri: string;
        offerUri: string;
    };
    label?: string;
    linkText?: string | null;
    linkClassName?: string;
}
declare function CredentialOfferQRCode({ offer, label, linkText, linkClassName, ...props }: CredentialOfferQRCodeProps): react.JSX.Element;
interface UseVerificationOptions extends StartParams {
    autoStart?: boolean;
    onVerified?: (state: FlowState) => void;
    onFailed?: (state: FlowState) => void;
    onExpired?: (state: FlowState) => void;
}
interface UseVerificationResult {
    status: FlowState["phase"];
    verificationId?: string;
    authorizationRequestUri?: string;
    failureCode?: string;
    error?: CredportError;
    timeRemaining?: number;
    start(): Promise<FlowState>;
    retry(): Promise<FlowState>;
    reset(): void;
}
declare function useVerification(options: UseVerificationOptions): UseVerificationResult;
export { CredentialOfferQRCode, type CredentialOfferQRCodeProps, QRCode, type QRCodeProps, type UseVerificationOptions, type UseVerificationResult, VerificationQRCode, type VerificationQRCodeProps, useVerification };
// testing.d.ts
import { Model } from '@credport/mock';
import { PresentOptions } from '@credport/mock/wallet';
import { b as CredportProviderProps } from './credport-context.js';
import 'react';
import '@credport/browser';
interface CredportTestEnvironment {
    model: Model;
    providerProps: Omit<CredportProviderProps, "children">;
    fetch: typeof fetch;
    finalizedSessions(): number;
    latestVerification(): {
        id: string;
        authorizationRequestUri: string;
    } | undefined;
    present(options?: PresentOptions): Promise<void>;
}
declare function createCredportTestEnvironment(): CredportTestEnvironment;
export { type CredportTestEnvironment, createCredportTestEnvironment };
