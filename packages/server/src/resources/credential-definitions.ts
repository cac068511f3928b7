import type { RequestPipeline } from "@credport/core";
import { contract, loadContract } from "../contract.js";
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
import { checkAnswer, checkInput, invalid, pathId } from "../validation.js";
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
    await loadContract();
    return this.send(
      "credentialDefinitions.create",
      "POST",
      BASE,
      createBody(input, "published"),
      options,
    );
  }

  /** Creates a draft, to be completed with `update` and published with `publish`. */
  async createDraft(
    input: CredentialDefinitionInput,
    options: WriteOptions = {},
  ): Promise<CredentialDefinition> {
    await loadContract();
    return this.send("credentialDefinitions.createDraft", "POST", BASE, createBody(input), options);
  }

  async get(
    credentialDefinitionId: string,
    options: RequestOptions = {},
  ): Promise<CredentialDefinition> {
    await loadContract();
    const path = `${BASE}/${pathId(credentialDefinitionId, "credentialDefinitionId")}`;
    return this.send("credentialDefinitions.get", "GET", path, undefined, options);
  }

  /** Changes a draft; published and archived definitions are immutable (409). */
  async update(
    credentialDefinitionId: string,
    changes: CredentialDefinitionUpdate,
    options: RequestOptions = {},
  ): Promise<CredentialDefinition> {
    await loadContract();
    const path = `${BASE}/${pathId(credentialDefinitionId, "credentialDefinitionId")}`;
    const body = checkInput(contract().updateCredentialDefinitionBody, changes, {
      root: "changes",
    });
    return this.send("credentialDefinitions.update", "PATCH", path, body, options);
  }

  async publish(
    credentialDefinitionId: string,
    options: WriteOptions = {},
  ): Promise<CredentialDefinition> {
    await loadContract();
    const path = `${BASE}/${pathId(credentialDefinitionId, "credentialDefinitionId")}/publish`;
    return this.send("credentialDefinitions.publish", "POST", path, undefined, options);
  }

  async archive(
    credentialDefinitionId: string,
    options: WriteOptions = {},
  ): Promise<CredentialDefinition> {
    await loadContract();
    const path = `${BASE}/${pathId(credentialDefinitionId, "credentialDefinitionId")}/archive`;
    return this.send("credentialDefinitions.archive", "POST", path, undefined, options);
  }

  /** Without a filter: the active view (own drafts and published, and global published definitions). */
  async list(
    params: ListParams & { lifecycleStatus?: LifecycleStatus | undefined } = {},
  ): Promise<Page<CredentialDefinition>> {
    await loadContract();
    return fetchPage(
      this.pipeline,
      {
        operation: "credentialDefinitions.list",
        path: BASE,
        query: contract().listCredentialDefinitionsQuery,
        page: contract().credentialDefinitionList,
        filters: (p) => ({ lifecycle_status: p.lifecycleStatus }),
        map: same,
        casing: "camel",
      },
      params,
    );
  }

  private async send(
    operation: string,
    method: "GET" | "POST" | "PATCH",
    path: string,
    body: unknown,
    options: WriteOptions,
  ): Promise<CredentialDefinition> {
    const response = await this.pipeline.request<unknown>({ method, path, body, ...options });
    return checkAnswer(contract().credentialDefinition, response, operation);
  }
}

/** The lifecycle status is the method's choice, not the caller's. */
function createBody(input: CredentialDefinitionInput, lifecycleStatus?: "published") {
  if (input && typeof input === "object" && "lifecycleStatus" in input)
    throw invalid("lifecycleStatus", "is set by create (published) or createDraft (draft)");
  const body = checkInput(contract().createCredentialDefinitionBody, input, { root: "input" });
  return lifecycleStatus ? { ...body, lifecycleStatus } : body;
}
