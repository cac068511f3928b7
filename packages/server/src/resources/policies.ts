import type { OperationId, RequestPipeline } from "@credport/core";
import { callOperation, type MethodCall } from "../operation-method.js";
import type { PagePromise } from "../page.js";
import type {
  CreatePolicyInput,
  ListParams,
  Policy,
  RequestOptions,
  WriteOptions,
} from "../types.js";
import { type ListSpec, listPages } from "./list.js";

/** Each method an operation of the contract, by its ID (`OPERATION_ROUTES`, `@credport/core`). */
const METHODS = {
  create: "createPolicy",
  get: "getPolicy",
  archive: "archivePolicy",
} satisfies Record<string, OperationId>;

const LIST: ListSpec = { operation: "listPolicies" };

/** Verification policies (needs the policies:read / policies:write scopes). */
export class Policies {
  constructor(private readonly pipeline: RequestPipeline) {}

  async create(input: CreatePolicyInput, options: WriteOptions = {}): Promise<Policy> {
    return this.send("create", { input, options });
  }

  async get(policyId: string, options: RequestOptions = {}): Promise<Policy> {
    return this.send("get", { ids: [policyId], options });
  }

  /** The project's own policies; built-in presets are not listed. */
  list(params: ListParams = {}): PagePromise<Policy> {
    return listPages(this.pipeline, "policies.list", LIST, params);
  }

  async archive(policyId: string, options: WriteOptions = {}): Promise<Policy> {
    return this.send("archive", { ids: [policyId], options });
  }

  /** Calls one of the methods above: `send`, as in every resource. */
  private send(method: keyof typeof METHODS, call: MethodCall): Promise<Policy> {
    return callOperation(this.pipeline, `policies.${method}`, METHODS[method], call);
  }
}
