import { PUBLISHABLE_KEY_PATTERN, SECRET_KEY_PATTERN } from "@credport/core/contract";
import { ModelError } from "./infrastructure/errors.js";
import { newId } from "./infrastructure/ids.js";
import { isMarkedKey, markedKey } from "./key-mark.js";

export type Environment = "test" | "live";
export type KeyType = "secret" | "publishable" | "webhook";

export const SCOPES = [
  "issuance:read",
  "issuance:write",
  "definitions:read",
  "definitions:write",
  "verifications:read",
  "verifications:write",
  "policies:read",
  "policies:write",
] as const;
export type Scope = (typeof SCOPES)[number];

export interface KeyRecord {
  key: string;
  type: KeyType;
  projectId: string;
  environment: Environment;
  /** `undefined`: every scope (a key with no scope list has all of them). */
  scopes?: Scope[];
  revoked: boolean;
  createdAt: string;
}

/** Who a request acts for: a project and one of its environments. */
export interface Tenant {
  projectId: string;
  environment: Environment;
}

export interface SecretAuth extends Tenant {
  scopes?: Scope[];
}

export interface ProjectKeys extends Tenant {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
}

const PREFIX: Record<KeyType, (env: Environment) => string> = {
  secret: (env) => `sk_${env}_`,
  publishable: (env) => `pk_${env}_`,
  webhook: () => "whsec_",
};

/**
 * What a refused key that the mock once issued is told: its model no longer knows it, which in
 * practice is an app still holding the keys of an earlier emulator run.
 */
const EARLIER_RUN =
  "belongs to an earlier emulator run (its state is gone): restart your dev server (and rebuild if the key was inlined) so that it reads the current keys";

export class Keys {
  readonly projects = new Set<string>();
  readonly keys = new Map<string, KeyRecord>();

  /**
   * @param onEarlierRunKey told when a well-formed key of an earlier run is refused, with its type
   * (never the key): the emulator prints it on its terminal.
   */
  constructor(
    private readonly now: () => string,
    private readonly onEarlierRunKey: (type: "secret" | "publishable") => void = () => {},
  ) {}

  /** The 401 for a key this model does not hold; says so when the mock issued it once. */
  private unknownKey(header: string, type: "secret" | "publishable", value: string): ModelError {
    const once =
      !this.keys.has(value) &&
      (isMarkedKey(PREFIX[type]("test"), value) || isMarkedKey(PREFIX[type]("live"), value));
    if (once) {
      this.onEarlierRunKey(type);
      // No header name in it: the clients would swap such a message for their own words.
      return new ModelError(401, "invalid_api_key", `This ${type} key ${EARLIER_RUN}.`);
    }
    return new ModelError(
      401,
      "invalid_api_key",
      `The ${header} header does not hold a valid ${type} key.`,
    );
  }

  createProject(
    options: { environment?: Environment | undefined; scopes?: Scope[] | undefined } = {},
  ): ProjectKeys {
    const projectId = newId("proj");
    this.projects.add(projectId);
    const environment = options.environment ?? "test";
    const scopes = options.scopes === undefined ? undefined : validateScopes(options.scopes);
    return {
      projectId,
      environment,
      secretKey: this.createKey({ projectId, environment, type: "secret", scopes }),
      publishableKey: this.createKey({ projectId, environment, type: "publishable" }),
      webhookSecret: this.createKey({ projectId, environment, type: "webhook" }),
    };
  }

  createKey(input: Tenant & { type: KeyType; scopes?: Scope[] | undefined }): string {
    if (!this.projects.has(input.projectId)) {
      throw new ModelError(404, "not_found", "createKey: no such project");
    }
    const key = markedKey(PREFIX[input.type](input.environment));
    this.keys.set(key, {
      key,
      type: input.type,
      projectId: input.projectId,
      environment: input.environment,
      ...(input.scopes !== undefined ? { scopes: validateScopes(input.scopes) } : {}),
      revoked: false,
      createdAt: this.now(),
    });
    return key;
  }

  /** Puts back projects and keys saved by the emulator's data file. */
  restore(projects: readonly string[], keys: readonly KeyRecord[]): void {
    for (const projectId of projects) this.projects.add(projectId);
    for (const record of keys) this.keys.set(record.key, { ...record });
  }

  revoke(key: string): void {
    const record = this.keys.get(key);
    if (!record) throw new ModelError(404, "not_found", "revoke: no such key");
    record.revoked = true;
  }

  /** The webhook secret that signs this tenant's events (the newest one that is not revoked). */
  webhookSecret(tenant: Tenant): string | undefined {
    let found: string | undefined;
    for (const record of this.keys.values()) {
      if (
        record.type === "webhook" &&
        !record.revoked &&
        record.projectId === tenant.projectId &&
        record.environment === tenant.environment
      ) {
        found = record.key;
      }
    }
    return found;
  }

  /** `X-Service-Key` → the tenant, or 401 with the cause in `code`. */
  authenticateSecret(header: string | null): SecretAuth {
    if (header === null || header.trim() === "") {
      throw new ModelError(
        401,
        "missing_api_key",
        "No secret key: send it in the X-Service-Key header.",
      );
    }
    const record = this.keys.get(header);
    if (!SECRET_KEY_PATTERN.test(header) || !record || record.type !== "secret") {
      throw this.unknownKey("X-Service-Key", "secret", header);
    }
    if (record.revoked) {
      throw new ModelError(
        401,
        "api_key_revoked",
        "This secret key was revoked; create a replacement key.",
      );
    }
    return {
      projectId: record.projectId,
      environment: record.environment,
      ...(record.scopes !== undefined ? { scopes: record.scopes } : {}),
    };
  }

  /** `X-Publishable-Key` → the tenant it belongs to, or 401. */
  authenticatePublishable(header: string | null): Tenant {
    if (header === null || header.trim() === "") {
      throw new ModelError(
        401,
        "missing_api_key",
        "No publishable key: send it in the X-Publishable-Key header.",
      );
    }
    const record = this.keys.get(header);
    if (
      !record ||
      !hasPublishableShape(record) ||
      record.type !== "publishable" ||
      record.revoked
    ) {
      throw this.unknownKey("X-Publishable-Key", "publishable", header);
    }
    return { projectId: record.projectId, environment: record.environment };
  }
}

/** Key records whose key was seen to have the publishable shape: the pattern once, not per browser read. */
const publishableShaped = new WeakSet<KeyRecord>();

/** Whether a stored key (found under its own text, so the header's) has the publishable shape. */
function hasPublishableShape(record: KeyRecord): boolean {
  if (publishableShaped.has(record)) return true;
  if (!PUBLISHABLE_KEY_PATTERN.test(record.key)) return false;
  publishableShaped.add(record);
  return true;
}

export function requireScope(auth: SecretAuth, scope: Scope): void {
  if (auth.scopes && !auth.scopes.includes(scope)) {
    throw new ModelError(403, "insufficient_scope", `This key lacks the ${scope} scope.`, {
      required: scope,
    });
  }
}

function validateScopes(scopes: readonly string[]): Scope[] {
  for (const scope of scopes) {
    if (!(SCOPES as readonly string[]).includes(scope)) {
      throw new ModelError(400, "validation_error", `scopes: unknown scope "${scope}"`);
    }
  }
  return [...scopes] as Scope[];
}

export const sameTenant = (a: Tenant, b: Tenant) =>
  a.projectId === b.projectId && a.environment === b.environment;
