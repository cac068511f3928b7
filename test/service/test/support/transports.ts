import { startEmulator } from "@credport/emulator";
import { createHandlers, createModel, type Model, type ProjectKeys } from "@credport/mock";
import { setupServer } from "msw/node";
import { watchEmulator, watchMsw } from "./contract-watch.js";
import { inThisTier } from "./test-matrix.js";

/** One running mock service and a way to call it, the same for msw and the HTTP emulator. */
export interface Service {
  transport: "msw" | "emulator";
  baseUrl: string;
  model: Model;
  project: ProjectKeys;
  call(method: string, path: string, options?: CallOptions): Promise<Answer>;
  close(): Promise<void>;
}

export interface CallOptions {
  /** Secret key sent as X-Service-Key; defaults to the project's; `null` sends none. */
  key?: string | null;
  body?: unknown;
  /** Raw body text (wins over `body`). */
  raw?: string;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  body: Record<string, unknown> & {
    code?: string;
    message?: string;
    details?: Record<string, unknown>;
  };
  headers: Headers;
}

async function callWith(
  baseUrl: string,
  defaultKey: () => string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? defaultKey() : options.key;
  if (key !== null) headers["x-service-key"] = key;
  let body: string | undefined = options.raw;
  if (body === undefined && options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {}, headers: response.headers };
}

export interface StartOptions {
  /** Serve this model (e.g. one made with smaller limits) instead of a new one. */
  model?: Model;
}

/**
 * msw and the HTTP emulator, in the order the matrix runs them. The fast tier (`service` project)
 * takes msw alone; `pnpm test:matrix` (`service-matrix`) the emulator; run a file directly for both.
 */
export const ALL_TRANSPORTS = [
  {
    name: "msw" as const,
    async start(options: StartOptions = {}): Promise<Service> {
      const baseUrl = "https://api.credport.test";
      const model = options.model ?? createModel();
      const server = setupServer(...createHandlers(model, { baseUrl }));
      server.listen({ onUnhandledRequest: "bypass" });
      watchMsw(server);
      const project = model.createProject();
      return {
        transport: "msw",
        baseUrl,
        model,
        project,
        call: (method, path, options) =>
          callWith(baseUrl, () => project.secretKey, method, path, options),
        close: async () => server.close(),
      };
    },
  },
  {
    name: "emulator" as const,
    async start(options: StartOptions = {}): Promise<Service> {
      const emulator = await startEmulator({ port: 0, model: options.model });
      watchEmulator(emulator.url);
      const project: ProjectKeys = {
        projectId: emulator.projectId,
        environment: "test",
        ...emulator.keys,
      };
      return {
        transport: "emulator",
        baseUrl: emulator.url,
        model: emulator.model,
        project,
        call: (method, path, options) =>
          callWith(emulator.url, () => project.secretKey, method, path, options),
        close: () => emulator.close(),
      };
    },
  },
];

/** The transports the suites run over in this tier. */
export const TRANSPORTS = inThisTier(ALL_TRANSPORTS);

/** A definition that passes publish-readiness. */
export const badgeDefinition = (id = "badge-v1") => ({
  credentialDefinitionId: id,
  vct: `https://example.test/vct/${id}`,
  format: "dc+sd-jwt",
  title: "Employee badge",
  claims: [
    { path: ["given_name"], mandatory: true, display: [{ name: "Given name" }] },
    { path: ["family_name"], mandatory: true },
    { path: ["address", "locality"], mandatory: false },
  ],
});

export const badgeClaims = {
  given_name: "Ada",
  family_name: "Lovelace",
  address: { locality: "London" },
};

/** Publishes the badge definition and a policy asking for `fields` (given name and locality). */
export async function publishBadgePolicy(
  service: Service,
  fields: { path: string[] }[] = [{ path: ["given_name"] }, { path: ["address", "locality"] }],
): Promise<string> {
  await service.call("POST", "/v1/issuer/credential-definitions", {
    body: { ...badgeDefinition(), lifecycleStatus: "published" },
  });
  const policy = await service.call("POST", "/v1/policies", {
    body: {
      name: "Badge",
      credential_definition_id: "badge-v1",
      fields,
    },
  });
  return policy.body.policy_id as string;
}

export { createModel };
