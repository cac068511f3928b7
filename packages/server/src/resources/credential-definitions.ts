import type { OperationId, RequestPipeline } from "@credport/core";
import { callOperation, type MethodCall } from "../operation-method.js";
import type { PagePromise } from "../page.js";
import type {
  CredentialDefinition,
  CredentialDefinitionInput,
  CredentialDefinitionUpdate,
  LifecycleStatus,
  ListParams,
  RequestOptions,
  WriteOptions,
} from "../types.js";
import { invalid } from "../validation.js";
import { type ListSpec, listPages } from "./list.js";

/** Each method an operation of the contract, by its ID (`OPERATION_ROUTES`, `@credport/core`). */
const METHODS = {
  create: "createCredentialDefinition",
  createDraft: "createCredentialDefinition",
  get: "getCredentialDefinition",
  update: "updateCredentialDefinition",
  publish: "publishCredentialDefinition",
  archive: "archiveCredentialDefinition",
} satisfies Record<string, OperationId>;

const LIST: ListSpec = {
  operation: "listCredentialDefinitions",
  filters: (p) => ({ lifecycle_status: p.lifecycleStatus }),
};

/** Credential definitions: draft → published → archived. */
export class CredentialDefinitions {
  constructor(private readonly pipeline: RequestPipeline) {}

  /** Creates and publishes at once (sends `lifecycleStatus: "published"`). */
  async create(
    input: CredentialDefinitionInput,
    options: WriteOptions = {},
  ): Promise<CredentialDefinition> {
    refuseLifecycleStatus(input);
    return this.send("create", { input, sets: { lifecycleStatus: "published" }, options });
  }

  /** Creates a draft, to be completed with `update` and published with `publish`. */
  async createDraft(
    input: CredentialDefinitionInput,
    options: WriteOptions = {},
  ): Promise<CredentialDefinition> {
    refuseLifecycleStatus(input);
    return this.send("createDraft", { input, options });
  }

  async get(
    credentialDefinitionId: string,
    options: RequestOptions = {},
  ): Promise<CredentialDefinition> {
    return this.send("get", { ids: [credentialDefinitionId], options });
  }

  /** Changes a draft; published and archived definitions are immutable (409). */
  async update(
    credentialDefinitionId: string,
    changes: CredentialDefinitionUpdate,
    options: RequestOptions = {},
  ): Promise<CredentialDefinition> {
    return this.send("update", {
      ids: [credentialDefinitionId],
      input: changes,
      root: "changes",
      options,
    });
  }

  async publish(
    credentialDefinitionId: string,
    options: WriteOptions = {},
  ): Promise<CredentialDefinition> {
    return this.send("publish", { ids: [credentialDefinitionId], options });
  }

  async archive(
    credentialDefinitionId: string,
    options: WriteOptions = {},
  ): Promise<CredentialDefinition> {
    return this.send("archive", { ids: [credentialDefinitionId], options });
  }

  /** Without a filter: the active view (own drafts and published, and global published definitions). */
  list(
    params: ListParams & { lifecycleStatus?: LifecycleStatus | undefined } = {},
  ): PagePromise<CredentialDefinition> {
    return listPages(this.pipeline, "credentialDefinitions.list", LIST, params);
  }

  /** Calls one of the methods above: `send`, as in every resource. */
  private send(method: keyof typeof METHODS, call: MethodCall): Promise<CredentialDefinition> {
    return callOperation(this.pipeline, `credentialDefinitions.${method}`, METHODS[method], call);
  }
}

/** The lifecycle status is the method's choice, not the caller's. */
function refuseLifecycleStatus(input: CredentialDefinitionInput) {
  if (input && typeof input === "object" && "lifecycleStatus" in input)
    throw invalid("lifecycleStatus", "is set by create (published) or createDraft (draft)");
}
