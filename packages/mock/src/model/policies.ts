import { createPolicyBody, listPoliciesQuery } from "@credport/core/contract";
import type { Definitions } from "./definitions.js";
import { ModelError, notFound, validationError } from "./infrastructure/errors.js";
import { newId } from "./infrastructure/ids.js";
import { clone, parseInput } from "./infrastructure/input.js";
import { type Page, paginate } from "./infrastructure/pagination.js";
import { requireScope, type SecretAuth, sameTenant, type Tenant } from "./keys.js";
import { POLICY_PRESETS } from "./policy-presets.js";
import type { PolicyField, PolicyRecord } from "./records/policy-record.js";

export class Policies {
  private readonly records: PolicyRecord[] = [];
  private readonly presets: PolicyRecord[];

  constructor(
    private readonly now: () => string,
    private readonly definitions: Definitions,
  ) {
    this.presets = POLICY_PRESETS.map((preset) => ({ ...clone(preset), createdAt: now() }));
  }

  create(auth: SecretAuth, input: unknown): PolicyRecord {
    requireScope(auth, "policies:write");
    const body = parseInput(createPolicyBody, input);
    const { name, credential_definition_id: credentialDefinitionId, vct } = body;
    const fields: PolicyField[] = body.fields.map((field) => ({
      path: [...field.path],
      ...(field.values ? { values: [...field.values] } : {}),
    }));
    const definition = this.definitions.resolvePublished(
      auth,
      credentialDefinitionId ? { credentialDefinitionId } : { vct: vct! },
      credentialDefinitionId ? "credential_definition_id" : "vct",
    );
    const declared = new Set(definition.claims.map((c) => c.path.join(".")));
    fields.forEach((field, index) => {
      if (!declared.has(field.path.join("."))) {
        throw validationError(
          `fields[${index}].path: ${field.path.join(".")} is not a claim of the credential definition`,
          {
            field: `fields[${index}].path`,
          },
        );
      }
    });
    const record: PolicyRecord = {
      policyId: newId("pol"),
      tenant: { projectId: auth.projectId, environment: auth.environment },
      name,
      status: "active",
      preset: false,
      ...(credentialDefinitionId ? { credentialDefinitionId } : {}),
      // The credential type: an SD-JWT VC's vct, an mdoc's doctype.
      vct: (definition.format === "mso_mdoc" ? definition.doctype : definition.vct)!,
      ...(definition.format !== "dc+sd-jwt" ? { format: definition.format } : {}),
      fields,
      createdAt: this.now(),
    };
    this.records.push(record);
    return clone(record);
  }

  get(auth: SecretAuth, id: string): PolicyRecord {
    requireScope(auth, "policies:read");
    return clone(this.visible(auth, id));
  }

  /** The project's own policies; built-in presets are not listed. */
  list(auth: SecretAuth, rawQuery: unknown): Page<PolicyRecord> {
    requireScope(auth, "policies:read");
    const query = parseInput(listPoliciesQuery, rawQuery, "query");
    const items = this.records.filter((p) => p.tenant && sameTenant(p.tenant, auth)).reverse();
    const page = paginate(items, query, (p) => p.policyId);
    return { ...page, data: page.data.map(clone) };
  }

  archive(auth: SecretAuth, id: string): PolicyRecord {
    requireScope(auth, "policies:write");
    const record = this.visible(auth, id);
    if (record.preset)
      throw new ModelError(
        409,
        "preset_policy_read_only",
        `${id} is a built-in preset and cannot be archived.`,
      );
    record.status = "archived";
    return clone(record);
  }

  /** The policy a verification runs against: a preset, or an active custom policy of the project. */
  resolveForVerification(tenant: Tenant, id: string): PolicyRecord {
    const found =
      this.presets.find((p) => p.policyId === id) ??
      this.records.find((p) => p.policyId === id && p.tenant && sameTenant(p.tenant, tenant));
    if (found?.status !== "active") {
      throw new ModelError(
        400,
        "invalid_policy",
        "policy_id: neither a built-in preset nor an active policy of this project.",
        {
          field: "policy_id",
        },
      );
    }
    return clone(found);
  }

  /** Puts back custom policies saved by the emulator's data file. */
  restore(records: readonly PolicyRecord[]): void {
    for (const record of records) this.records.push(clone(record));
  }

  snapshot(): PolicyRecord[] {
    return clone(this.records);
  }

  private visible(tenant: Tenant, id: string): PolicyRecord {
    const found =
      this.presets.find((p) => p.policyId === id) ??
      this.records.find((p) => p.policyId === id && p.tenant && sameTenant(p.tenant, tenant));
    if (!found) throw notFound("not_found", "No such policy in this project and environment.");
    return found;
  }
}
