import type { Model, ProjectKeys } from "@credport/mock";
import type { KeyRecord } from "@credport/mock/engine";

/**
 * The test project the emulator prints at start: the one a data file named, with its newest keys
 * that still work (a revoked or missing one is replaced), or else a new project.
 */
export function emulatorProject(model: Model, savedProjectId: string | null): ProjectKeys {
  if (!savedProjectId || !model.keys.projects.has(savedProjectId))
    return model.createProject({ environment: "test" });
  const tenant = { projectId: savedProjectId, environment: "test" as const };
  const newest = (type: KeyRecord["type"]) =>
    [...model.keys.keys.values()]
      .filter(
        (k) =>
          k.projectId === savedProjectId &&
          k.environment === "test" &&
          k.type === type &&
          !k.revoked &&
          k.scopes === undefined,
      )
      .at(-1)?.key ?? model.keys.createKey({ ...tenant, type });
  return {
    ...tenant,
    secretKey: newest("secret"),
    publishableKey: newest("publishable"),
    webhookSecret: newest("webhook"),
  };
}
