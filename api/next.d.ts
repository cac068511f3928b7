// index.d.ts
import { WebhookEvent, Credport } from '@credport/server';
export { verifyWebhook } from '@credport/server';
interface CredportNextConfig {
    secretKey?: string;
    baseUrl?: string;
    sessionSecret?: string | string[];
    policyId?: string;
    resolvePolicy?: (request: Request) => string | Promise<string>;
    getUserRef?: (request: Request) => string | undefined | Promise<string | undefined>;
    sessionMode?: "library" | "manual";
    keepClaims?: string[];
    sessionMaxAgeSeconds?: number;
    basePath?: string;
    webhook?: {
        secret?: string;
        onEvent: (event: WebhookEvent) => void | Promise<void>;
    };
    credport?: Credport;
}
type Handler = (request: Request) => Promise<Response>;
declare function createCredportHandlers(options: CredportNextConfig): {
    GET: Handler;
    POST: Handler;
    DELETE: Handler;
};
interface ProtectOptions {
    protect: string[];
    signInPath: string;
    sessionSecret?: string | string[];
}
declare function isProtectedPath(pathname: string, protect: string[]): boolean;
declare function createCredportMiddleware(options: ProtectOptions): (request: Request) => Promise<Response | undefined>;
interface VerifiedSession {
    verificationId: string;
    userRef?: string;
    policyId: string;
    verifiedAt: string;
    expiresAt: string;
    claims: Record<string, unknown>;
}
declare function getVerifiedSession(options?: {
    sessionSecret?: string | string[];
}): Promise<VerifiedSession | null>;
export { type CredportNextConfig, type ProtectOptions, type VerifiedSession, createCredportHandlers, createCredportMiddleware, getVerifiedSession, isProtectedPath };
