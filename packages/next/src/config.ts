import { Credport, type WebhookEvent } from "@credport/server";

export interface CredportNextConfig {
  /** Defaults to CREDPORT_SECRET_KEY. */
  secretKey?: string;
  /** Defaults to CREDPORT_BASE_URL. */
  baseUrl?: string;
  /**
   * Seals the cookies: at least 32 random bytes (e.g. `openssl rand -base64 32`). Defaults to
   * CREDPORT_SESSION_SECRET. Several, newest first, to rotate: cookies sealed with an older one still open.
   */
  sessionSecret?: string | string[];
  /** The policy every verification runs against, or a function of the request that picks it. */
  policyId?: string;
  resolvePolicy?: (request: Request) => string | Promise<string>;
  /** Your signed-in user's reference; when set, only that user can finalize their verification. */
  getUserRef?: (request: Request) => string | undefined | Promise<string | undefined>;
  /** "library" (default): the browser flow finalizes the session here. "manual": you do. */
  sessionMode?: "library" | "manual";
  /** Verified claims to keep in the session cookie (dot-joined paths); none by default. */
  keepClaims?: string[];
  /** Session lifetime. Default 12 hours. */
  sessionMaxAgeSeconds?: number;
  /** Where the route is mounted; cookies are scoped to it. Default `/api/credport`. */
  basePath?: string;
  webhook?: { secret?: string; onEvent: (event: WebhookEvent) => void | Promise<void> };
  /** For tests: the server client to use. */
  credport?: Credport;
}

export interface ResolvedConfig
  extends Required<
    Pick<CredportNextConfig, "sessionMode" | "keepClaims" | "sessionMaxAgeSeconds" | "basePath">
  > {
  passwords: () => Record<string, string>;
  config: CredportNextConfig;
  credport: () => Credport;
}

const env = (name: string) => (typeof process !== "undefined" ? process.env[name] : undefined);

/** Session secrets as iron-session's password map; refuses short ones at start-up. */
export function sessionPasswords(secret: string | string[] | undefined): Record<string, string> {
  const secrets = (
    Array.isArray(secret) ? secret : [secret ?? env("CREDPORT_SESSION_SECRET")]
  ).filter((s) => s !== undefined);
  if (secrets.length === 0) {
    throw new Error(
      "credport/next: no sessionSecret. Set CREDPORT_SESSION_SECRET to at least 32 random bytes (openssl rand -base64 32).",
    );
  }
  secrets.forEach((s, i) => {
    if (typeof s !== "string" || s.length < 32) {
      throw new Error(
        `credport/next: sessionSecret${secrets.length > 1 ? `[${i}]` : ""} is too short: it must be at least 32 random bytes (openssl rand -base64 32).`,
      );
    }
  });
  // iron-session seals with the highest key and opens with any: the first secret is the newest.
  return Object.fromEntries(secrets.map((s, i) => [String(secrets.length - i), s as string]));
}

export function resolveConfig(config: CredportNextConfig): ResolvedConfig {
  // A secret that is there but too short fails now; one that is not there yet (a build without
  // runtime secrets) fails at the first request that needs it.
  let passwords: Record<string, string> | undefined;
  if (config.sessionSecret !== undefined || env("CREDPORT_SESSION_SECRET") !== undefined)
    passwords = sessionPasswords(config.sessionSecret);
  if (!config.policyId && !config.resolvePolicy) {
    throw new Error(
      "credport/next: set policyId or resolvePolicy: the server decides what a verification asks for.",
    );
  }
  let client = config.credport;
  return {
    passwords: () => {
      passwords ??= sessionPasswords(config.sessionSecret);
      return passwords;
    },
    config,
    sessionMode: config.sessionMode ?? "library",
    keepClaims: config.keepClaims ?? [],
    sessionMaxAgeSeconds: config.sessionMaxAgeSeconds ?? 12 * 60 * 60,
    basePath: (config.basePath ?? "/api/credport").replace(/\/+$/, ""),
    // Created on first use, so that a build without secrets does not fail at import.
    credport: () => {
      client ??= new Credport({ secretKey: config.secretKey, baseUrl: config.baseUrl });
      return client;
    },
  };
}
