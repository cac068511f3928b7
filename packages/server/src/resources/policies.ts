import type { RequestPipeline } from "@credport/core";
import type { Page } from "../page.js";
import type {
  CreatePolicyInput,
  ListParams,
  Policy,
  RequestOptions,
  WriteOptions,
} from "../types.js";
import {
  exactlyOne,
  invalid,
  listParams,
  path,
  requireId,
  requireObject,
  requireString,
} from "../validation.js";
import { policyFromWire } from "../wire.js";
import { fetchPage } from "./list.js";

/** Verification policies (needs the policies:read / policies:write scopes). */
export class Policies {
  constructor(private readonly pipeline: RequestPipeline) {}

  async create(input: CreatePolicyInput, options: WriteOptions = {}): Promise<Policy> {
    const body = requireObject(input, "input");
    requireString(body.name, "name", 100);
    exactlyOne(body, "credentialDefinitionId", "vct");
    if (!Array.isArray(body.fields) || body.fields.length === 0)
      throw invalid("fields", "must be a non-empty array of { path }");
    for (const [index, field] of body.fields.entries())
      path(requireObject(field, `fields[${index}]`).path, `fields[${index}].path`);
    const wire = {
      name: body.name,
      ...(body.credentialDefinitionId !== undefined
        ? { credential_definition_id: body.credentialDefinitionId }
        : { vct: body.vct }),
      fields: (body.fields as { path: string[] }[]).map((f) => ({ path: f.path })),
    };
    const { data } = await this.pipeline.request<Record<string, unknown>>({
      method: "POST",
      path: "/v1/policies",
      body: wire,
      ...options,
    });
    return policyFromWire(data);
  }

  async get(policyId: string, options: RequestOptions = {}): Promise<Policy> {
    const { data } = await this.pipeline.request<Record<string, unknown>>({
      method: "GET",
      path: `/v1/policies/${requireId(policyId, "policyId")}`,
      ...options,
    });
    return policyFromWire(data);
  }

  /** The project's own policies; built-in presets are not listed. */
  async list(params: ListParams = {}): Promise<Page<Policy>> {
    return fetchPage(
      this.pipeline,
      "/v1/policies",
      listParams(params),
      {},
      policyFromWire,
      "snake",
    );
  }

  async archive(policyId: string, options: WriteOptions = {}): Promise<Policy> {
    const path = `/v1/policies/${requireId(policyId, "policyId")}/archive`;
    return policyFromWire(
      (await this.pipeline.request<Record<string, unknown>>({ method: "POST", path, ...options }))
        .data,
    );
  }
}
