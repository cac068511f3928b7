import type { Json, JsonObject } from "../infrastructure/input.js";
import type { Tenant } from "../keys.js";
import type { LifecycleStatus } from "../transitions/definition-lifecycle.js";

/** One claim a credential definition declares. */
export interface ClaimEntry {
  path: string[];
  mandatory: boolean;
  display?: { name: string; locale?: string }[];
}

/** A credential definition as the model stores it (a project's own, or a global one). */
export interface DefinitionRecord {
  credentialDefinitionId: string;
  /** `null` for a global definition, shared by every project. */
  owner: Tenant | null;
  vct: string | null;
  format: string;
  /** `mso_mdoc` definitions: the mdoc doctype (ISO/IEC 18013-5), e.g. `eu.europa.ec.av.1`. */
  doctype?: string | null;
  title: string | null;
  aliases: string[];
  rendering: JsonObject | null;
  claims: ClaimEntry[];
  lifecycleStatus: LifecycleStatus;
  metadata: Json;
  createdAt: string;
  updatedAt: string;
}
