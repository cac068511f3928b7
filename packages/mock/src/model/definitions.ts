import {
  createCredentialDefinitionBody,
  listCredentialDefinitionsQuery,
  type UpdateCredentialDefinitionBody,
  updateCredentialDefinitionBody,
} from "@credport/core/contract";
import { GLOBAL_DEFINITIONS } from "./global-definitions.js";
import { conflict, ModelError, notFound, validationError } from "./infrastructure/errors.js";
import { clone, type Json, type JsonObject, parseInput } from "./infrastructure/input.js";
import { type Page, paginate } from "./infrastructure/pagination.js";
import { requireScope, type SecretAuth, sameTenant, type Tenant } from "./keys.js";
import { publishReadinessIssues } from "./publish-readiness.js";
import type { DefinitionRecord } from "./records/definition-record.js";
import { DEFINITION_LIFECYCLE } from "./transitions/definition-lifecycle.js";
import { nextState } from "./transitions/state-machine.js";

export class Definitions {
  private readonly owned: DefinitionRecord[] = [];
  private readonly globals: DefinitionRecord[];

  constructor(private readonly now: () => string) {
    this.globals = GLOBAL_DEFINITIONS.map((definition) => ({
      ...clone(definition),
      createdAt: now(),
      updatedAt: now(),
    }));
  }

  create(auth: SecretAuth, input: unknown): DefinitionRecord {
    requireScope(auth, "definitions:write");
    const body = parseInput(createCredentialDefinitionBody, input);
    const { credentialDefinitionId, lifecycleStatus: intent } = body;
    const fields = readEditableFields(body);
    if (this.findAny(auth, credentialDefinitionId)) {
      throw conflict(
        "credential_definition_conflict",
        `A credential definition ${credentialDefinitionId} already exists in this project.`,
      );
    }
    const now = this.now();
    const record: DefinitionRecord = {
      credentialDefinitionId,
      owner: { projectId: auth.projectId, environment: auth.environment },
      vct: null,
      format: "dc+sd-jwt",
      title: null,
      aliases: [],
      rendering: null,
      claims: [],
      metadata: null,
      ...fields,
      lifecycleStatus: "draft",
      createdAt: now,
      updatedAt: now,
    };
    if (intent === "published") {
      assertPublishable(record);
      record.lifecycleStatus = "published";
    }
    this.owned.push(record);
    return clone(record);
  }

  get(auth: SecretAuth, id: string): DefinitionRecord {
    requireScope(auth, "definitions:read");
    return clone(this.visible(auth, id));
  }

  list(auth: SecretAuth, rawQuery: unknown): Page<DefinitionRecord> {
    requireScope(auth, "definitions:read");
    const query = parseInput(listCredentialDefinitionsQuery, rawQuery, "query");
    const filter = query.lifecycle_status;
    const owned = this.owned.filter((d) => d.owner && sameTenant(d.owner, auth)).reverse();
    const items = filter
      ? [...owned, ...this.globals].filter(
          (d) => d.lifecycleStatus === filter && (d.owner || filter === "published"),
        )
      : [
          ...owned.filter((d) => d.lifecycleStatus !== "archived"),
          ...this.globals.filter((d) => d.lifecycleStatus === "published"),
        ];
    const page = paginate(
      items,
      query,
      (d) => `${d.owner ? "p" : "g"}:${d.credentialDefinitionId}`,
    );
    return { ...page, data: page.data.map(clone) };
  }

  /**
   * Every definition a tenant can issue, unpaginated: its own published ones (newest first), then
   * the global published ones. Issuer metadata lists them all, so that no offer names a
   * configuration that wallets cannot find.
   */
  allPublished(tenant: Tenant): DefinitionRecord[] {
    return [
      ...this.owned.filter((d) => d.owner && sameTenant(d.owner, tenant)).reverse(),
      ...this.globals,
    ]
      .filter((d) => d.lifecycleStatus === "published")
      .map(clone);
  }

  update(auth: SecretAuth, id: string, input: unknown): DefinitionRecord {
    requireScope(auth, "definitions:write");
    const record = this.ownedOrThrow(auth, id);
    const fields = readEditableFields(parseInput(updateCredentialDefinitionBody, input));
    nextState(
      DEFINITION_LIFECYCLE,
      record.lifecycleStatus,
      "update",
      "invalid_lifecycle_transition",
      `Definition ${id}`,
    );
    Object.assign(record, fields, { updatedAt: this.now() });
    return clone(record);
  }

  publish(auth: SecretAuth, id: string): DefinitionRecord {
    requireScope(auth, "definitions:write");
    const record = this.ownedOrThrow(auth, id);
    const to = nextState(
      DEFINITION_LIFECYCLE,
      record.lifecycleStatus,
      "publish",
      "invalid_lifecycle_transition",
      `Definition ${id}`,
    );
    if (record.lifecycleStatus === "draft") assertPublishable(record);
    if (to !== record.lifecycleStatus)
      Object.assign(record, { lifecycleStatus: to, updatedAt: this.now() });
    return clone(record);
  }

  archive(auth: SecretAuth, id: string): DefinitionRecord {
    requireScope(auth, "definitions:write");
    const record = this.ownedOrThrow(auth, id);
    const to = nextState(
      DEFINITION_LIFECYCLE,
      record.lifecycleStatus,
      "archive",
      "invalid_lifecycle_transition",
      `Definition ${id}`,
    );
    if (to !== record.lifecycleStatus)
      Object.assign(record, { lifecycleStatus: to, updatedAt: this.now() });
    return clone(record);
  }

  /**
   * The published definition an offer or policy refers to: by ID among the project's own and the
   * visible global ones, or by `vct` (the project's newest published definition of that type first).
   */
  resolvePublished(
    tenant: Tenant,
    ref: { credentialDefinitionId?: string; vct?: string },
    field: string,
  ): DefinitionRecord {
    const candidates = [
      ...this.owned.filter((d) => d.owner && sameTenant(d.owner, tenant)).reverse(),
      ...this.globals,
    ];
    const found = ref.credentialDefinitionId
      ? candidates.find(
          (d) =>
            d.credentialDefinitionId === ref.credentialDefinitionId &&
            (d.owner || d.lifecycleStatus === "published"),
        )
      : candidates.find((d) => d.vct === ref.vct && d.lifecycleStatus === "published");
    if (!found) throw definitionNotFound();
    if (found.lifecycleStatus !== "published") {
      throw validationError(
        `${field}: the credential definition is ${found.lifecycleStatus}; only published definitions can be used`,
        {
          field,
        },
      );
    }
    return clone(found);
  }

  /** Puts back project-owned definitions saved by the emulator's data file. */
  restore(owned: readonly DefinitionRecord[]): void {
    for (const record of owned) this.owned.push(clone(record));
  }

  snapshot(): { owned: DefinitionRecord[] } {
    return { owned: clone(this.owned) };
  }

  private findAny(tenant: Tenant, id: string): DefinitionRecord | undefined {
    return (
      this.owned.find(
        (d) => d.credentialDefinitionId === id && d.owner && sameTenant(d.owner, tenant),
      ) ?? this.globals.find((d) => d.credentialDefinitionId === id)
    );
  }

  private visible(tenant: Tenant, id: string): DefinitionRecord {
    const found = this.findAny(tenant, id);
    if (!found || (!found.owner && found.lifecycleStatus !== "published"))
      throw definitionNotFound();
    return found;
  }

  private ownedOrThrow(tenant: Tenant, id: string): DefinitionRecord {
    const found = this.visible(tenant, id);
    if (!found.owner) {
      throw new ModelError(
        409,
        "global_credential_definition_read_only",
        `${id} is a global definition and cannot be changed.`,
      );
    }
    return found;
  }
}

export const definitionNotFound = () =>
  notFound(
    "credential_definition_not_found",
    "No such credential definition in this project and environment.",
  );

function assertPublishable(record: DefinitionRecord): void {
  const issues = publishReadinessIssues(record);
  if (issues.length > 0) {
    throw new ModelError(
      422,
      "credential_definition_not_publishable",
      `The definition is not ready to publish: ${issues[0]!.message}.`,
      {
        issues,
      },
    );
  }
}

/** The editable fields a (contract-checked) body sets; publish-readiness is checked separately. */
function readEditableFields(
  body: Omit<UpdateCredentialDefinitionBody, "credentialDefinitionId" | "lifecycleStatus">,
): Partial<DefinitionRecord> {
  const { vct, format, doctype, title, aliases, rendering, claims, metadata } = body;
  return {
    ...(vct !== undefined ? { vct } : {}),
    ...(format !== undefined ? { format } : {}),
    ...(doctype !== undefined ? { doctype } : {}),
    ...(title !== undefined ? { title } : {}),
    ...(aliases !== undefined ? { aliases: [...aliases] } : {}),
    ...(rendering !== undefined ? { rendering: clone(rendering) as JsonObject | null } : {}),
    ...(claims !== undefined
      ? {
          claims: claims.map(({ path, mandatory, display }) => ({
            path: [...path],
            mandatory: mandatory ?? false,
            ...(display
              ? {
                  display: display.map(({ name, locale }) => ({
                    name,
                    ...(locale !== undefined ? { locale } : {}),
                  })),
                }
              : {}),
          })),
        }
      : {}),
    ...(metadata !== undefined ? { metadata: clone(metadata) as Json } : {}),
  };
}
