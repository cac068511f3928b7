import { createHandlers, createModel, type Model, type ProjectKeys } from "@credport/mock";
import { setupServer } from "msw/node";
import { watchEmulator, watchMsw } from "../../../../test/service/test/support/contract-watch.js";
import { inThisTier } from "../../../../test/service/test/support/test-matrix.js";

/** A running mock service, reached through msw (in process) or the emulator (real HTTP). */
export interface TestService {
  transport: "msw" | "emulator";
  baseUrl: string;
  model: Model;
  project: ProjectKeys;
  close(): Promise<void>;
}

// The files of a worker share modules, and so what @credport/server keeps by the service's URL
// (its key sets): each msw service gets a URL of its own, as each emulator gets a port of its own.
let mswServices = 0;

/** msw, then the HTTP emulator. */
export const ALL_SERVICES = [
  {
    name: "msw" as const,
    async start(): Promise<TestService> {
      const baseUrl = `https://api-${++mswServices}.credport.test`;
      const model = createModel();
      const server = setupServer(...createHandlers(model, { baseUrl }));
      server.listen({ onUnhandledRequest: "bypass" });
      watchMsw(server);
      return {
        transport: "msw",
        baseUrl,
        model,
        project: model.createProject(),
        close: async () => server.close(),
      };
    },
  },
  {
    name: "emulator" as const,
    async start(): Promise<TestService> {
      // Loaded on first use: the fast tier runs against msw alone.
      const { startEmulator } = await import("@credport/emulator");
      const emulator = await startEmulator({ port: 0 });
      watchEmulator(emulator.url);
      return {
        transport: "emulator",
        baseUrl: emulator.url,
        model: emulator.model,
        project: { projectId: emulator.projectId, environment: "test", ...emulator.keys },
        close: () => emulator.close(),
      };
    },
  },
];

/** The services the suites run against in this tier: the fast tier msw, `server-matrix` the emulator. */
export const SERVICES = inThisTier(ALL_SERVICES);

export const badge = (id = "badge-v1") => ({
  credentialDefinitionId: id,
  vct: `https://example.test/vct/${id}`,
  title: "Employee badge",
  claims: [
    { path: ["given_name"], mandatory: true },
    { path: ["family_name"], mandatory: true },
    { path: ["address", "locality"], mandatory: false },
  ],
});

export const badgeClaims = {
  given_name: "Ada",
  family_name: "Lovelace",
  address: { locality: "London" },
};

/** Fast backoff for tests; the defaults (500 ms → 5 s) are asserted separately. */
export const FAST = { backoff: { initialDelayMs: 1, maxDelayMs: 20 } };
