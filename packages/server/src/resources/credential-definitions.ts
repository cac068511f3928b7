import type { RequestPipeline } from "@credport/core";
import type { Page } from "../page.js";
import type {
  CredentialDefinition,
  CredentialDefinitionInput,
  CredentialDefinitionUpdate,
  LifecycleStatus,
  ListParams,
  RequestOptions,
  WriteOptions,
} from "../types.js";
import {
  claimEntries,
  definitionMetadata,
  invalid,
  listParams,
  oneOf,
  optionalString,
  requireId,
  requireObject,
} from "../validation.js";
import { fetchPage } from "./list.js";

const BASE = "/v1/issuer/credential-definitions";
const same = (d: CredentialDefinition) => d;

/** Credential definitions: draft → published → archived. */
export class CredentialDefinitions {
  constructor(private readonly pipeline: RequestPipeline) {}

  /** Creates and publishes at once (sends `lifecycleStatus: "published"`). */
  async create(
    input: CredentialDefinitionInput,
    options: WriteOptions = {},
  ): Promise<CredentialDefinition> {
    return this.post(BASE, { ...checkDefinition(input), lifecycleStatus: "published" }, options);
  }

  /** Creates a draft, to be completed with `update` and published with `publish`. */
  async createDraft(
    input: CredentialDefinitionInput,
    options: WriteOptions = {},
  ): Promise<CredentialDefinition> {
    return this.post(BASE, checkDefinition(input), options);
  }

  async get(
    credentialDefinitionId: string,
    options: RequestOptions = {},
  ): Promise<CredentialDefinition> {
    const id = requireId(credentialDefinitionId, "credentialDefinitionId");
    return (
      await this.pipeline.request<CredentialDefinition>({
        method: "GET",
        path: `${BASE}/${id}`,
        ...options,
      })
    ).data;
  }

  /** Changes a draft; published and archived definitions are immutable (409). */
  async update(
    credentialDefinitionId: string,
    changes: CredentialDefinitionUpdate,
    options: RequestOptions = {},
  ): Promise<CredentialDefinition> {
    const id = requireId(credentialDefinitionId, "credentialDefinitionId");
    const body = checkFields(requireObject(changes, "changes"));
    if ("credentialDefinitionId" in body || "lifecycleStatus" in body) {
      throw invalid(
        "changes",
        "credentialDefinitionId and lifecycleStatus cannot be updated; use publish or archive",
      );
    }
    return (
      await this.pipeline.request<CredentialDefinition>({
        method: "PATCH",
        path: `${BASE}/${id}`,
        body,
        ...options,
      })
    ).data;
  }

  async publish(
    credentialDefinitionId: string,
    options: WriteOptions = {},
  ): Promise<CredentialDefinition> {
    return this.post(
      `${BASE}/${requireId(credentialDefinitionId, "credentialDefinitionId")}/publish`,
      undefined,
      options,
    );
  }

  async archive(
    credentialDefinitionId: string,
    options: WriteOptions = {},
  ): Promise<CredentialDefinition> {
    return this.post(
      `${BASE}/${requireId(credentialDefinitionId, "credentialDefinitionId")}/archive`,
      undefined,
      options,
    );
  }

  /** Without a filter: the active view (own drafts and published, and global published definitions). */
  async list(
    params: ListParams & { lifecycleStatus?: LifecycleStatus } = {},
  ): Promise<Page<CredentialDefinition>> {
    params = listParams(params);
    oneOf(params.lifecycleStatus, "lifecycleStatus", ["draft", "published", "archived"]);
    return fetchPage(
      this.pipeline,
      BASE,
      params,
      { lifecycle_status: params.lifecycleStatus },
      same,
      "camel",
    );
  }

  private async post(
    path: string,
    body: unknown,
    options: WriteOptions,
  ): Promise<CredentialDefinition> {
    return (
      await this.pipeline.request<CredentialDefinition>({ method: "POST", path, body, ...options })
    ).data;
  }
}

function checkDefinition(input: CredentialDefinitionInput): Record<string, unknown> {
  const body = requireObject(input, "input");
  if (body.credentialDefinitionId === undefined)
    throw invalid("credentialDefinitionId", "is required");
  optionalString(body.credentialDefinitionId, "credentialDefinitionId", 100);
  if ("lifecycleStatus" in body)
    throw invalid("lifecycleStatus", "is set by create (published) or createDraft (draft)");
  return checkFields(body);
}

function checkFields(body: Record<string, unknown>): Record<string, unknown> {
  optionalString(body.vct, "vct");
  optionalString(body.format, "format", 50);
  optionalString(body.title, "title", 200);
  if (
    body.aliases !== undefined &&
    (!Array.isArray(body.aliases) || body.aliases.some((a) => typeof a !== "string"))
  ) {
    throw invalid("aliases", "must be an array of strings");
  }
  if (body.rendering !== undefined)
    definitionMetadata(requireObject(body.rendering, "rendering"), "rendering");
  claimEntries(body.claims);
  definitionMetadata(body.metadata);
  return body;
}
