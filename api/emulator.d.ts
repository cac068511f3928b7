// cli.d.ts
#!/usr/bin/env node
// index.d.ts
import { CredportTelemetry, CredportConfigurationError } from '@credport/core';
import { Model, ProtocolProfile, AttestationTrust, TrustedIssuerRoot } from '@credport/mock';
type AllowedHosts = readonly string[] | true;
interface EmulatorOptions {
    telemetry?: CredportTelemetry | undefined;
    port?: number | undefined;
    host?: string | undefined;
    model?: Model | undefined;
    publicBaseUrl?: string | undefined;
    dataFile?: string | undefined;
    onDataFileError?: ((error: unknown) => void) | undefined;
    allowedHosts?: AllowedHosts | undefined;
    allowLinkLocalWebhooks?: boolean | undefined;
    forwardWebhooksTo?: string | undefined;
    profile?: ProtocolProfile | undefined;
    verifierClientIdPrefix?: "x509_hash" | "x509_san_dns" | undefined;
    attestations?: AttestationTrust | undefined;
    trustedIssuers?: readonly TrustedIssuerRoot[] | undefined;
}
interface Emulator {
    url: string;
    publicUrl: string;
    model: Model;
    projectId: string;
    keys: {
        secretKey: string;
        publishableKey: string;
        webhookSecret: string;
    };
    forwardedWebhooks?: {
        endpointId: string;
        url: string;
    };
    caCertificatePem: string;
    dashboardUrl: string;
    walletUrl: string;
    testWalletUrlOf(id: string): Promise<string | undefined>;
    close(): Promise<void>;
}
declare function startEmulator(options?: EmulatorOptions): Promise<Emulator>;
interface ServedRequest {
    method: string;
    target: string;
    status: number | null;
    requestId: string;
    idempotencyKey: string | null;
    replayed: boolean;
    startedAt: number;
}
type DataFileErrorCode = "data_file_unreadable" | "data_file_corrupt" | "data_file_newer_version" | "data_file_over_limit" | "data_file_not_writable";
declare class DataFileError extends CredportConfigurationError {
    readonly path: string;
    readonly code: DataFileErrorCode;
    constructor(code: DataFileErrorCode, path: string, message: string);
}
export { type AllowedHosts, DataFileError, type DataFileErrorCode, type Emulator, type EmulatorOptions, type ServedRequest, startEmulator };
