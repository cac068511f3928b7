import type { Transition } from "./state-machine.js";

export type LifecycleStatus = "draft" | "published" | "archived";
export type DefinitionTrigger = "update" | "publish" | "archive";

/**
 * Credential definition lifecycle, row by row as in service-interface.md ("Credential definition
 * lifecycle"). Creation rows live in `Definitions.create`: create with lifecycleStatus published →
 * published (if publish-readiness passes, else credential_definition_not_publishable); omitted →
 * draft. Publish-readiness is checked by `Definitions.publish` before this table is consulted.
 */
export const DEFINITION_LIFECYCLE: readonly Transition<LifecycleStatus, DefinitionTrigger>[] = [
  { from: ["draft"], trigger: "update", to: "draft" },
  { from: ["draft"], trigger: "publish", to: "published" },
  {
    from: ["published"],
    trigger: "update",
    error: { status: 409, code: "published_credential_definition_immutable" },
  },
  {
    from: ["archived"],
    trigger: "update",
    error: { status: 409, code: "archived_credential_definition_immutable" },
  },
  // Choice (docs/api.md): publishing a published definition changes nothing and answers it again;
  // an archived one cannot come back.
  { from: ["published"], trigger: "publish", to: "published" },
  {
    from: ["archived"],
    trigger: "publish",
    error: { status: 409, code: "archived_credential_definition_immutable" },
  },
  { from: ["draft", "published", "archived"], trigger: "archive", to: "archived" },
];
