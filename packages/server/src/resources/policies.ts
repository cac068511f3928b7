import type { RequestPipeline } from "@credport/core";
import type { PolicyWire } from "@credport/core/contract";
import { contract, loadContract } from "../contract.js";
import type { Page } from "../page.js";
import type {
  CreatePolicyInput,
  ListParams,
  Policy,
  RequestOptions,
  WriteOptions,
} from "../types.js";
import { checkAnswer, checkInput, invalid, pathId } from "../validation.js";
import { fromWire, toWire } from "../wire.js";
import { fetchPage } from "./list.js";

const BASE = "/v1/policies";

/** Verification policies (needs the policies:read / policies:write scopes). */
export class Policies {
  constructor(private readonly pipeline: RequestPipeline) {}

  async create(input: CreatePolicyInput, options: WriteOptions = {}): Promise<Policy> {
    await loadContract();
    if (!input || typeof input !== "object" || Array.isArray(input))
      throw invalid("input", "must be a JSON object");
    const body = checkInput(contract().createPolicyBody, toWire(input as Record<string, unknown>), {
      root: "input",
      snake: true,
    });
    return this.send("policies.create", "POST", BASE, body, options);
  }

  async get(policyId: string, options: RequestOptions = {}): Promise<Policy> {
    await loadContract();
    return this.send(
      "policies.get",
      "GET",
      `${BASE}/${pathId(policyId, "policyId")}`,
      undefined,
      options,
    );
  }

  /** The project's own policies; built-in presets are not listed. */
  async list(params: ListParams = {}): Promise<Page<Policy>> {
    await loadContract();
    return fetchPage(
      this.pipeline,
      {
        operation: "policies.list",
        path: BASE,
        query: contract().listPoliciesQuery,
        page: contract().policyList,
        map: (wire: PolicyWire) => fromWire(wire),
        casing: "snake",
      },
      params,
    );
  }

  async archive(policyId: string, options: WriteOptions = {}): Promise<Policy> {
    await loadContract();
    const path = `${BASE}/${pathId(policyId, "policyId")}/archive`;
    return this.send("policies.archive", "POST", path, undefined, options);
  }

  private async send(
    operation: string,
    method: "GET" | "POST",
    path: string,
    body: unknown,
    options: WriteOptions,
  ): Promise<Policy> {
    const response = await this.pipeline.request<unknown>({ method, path, body, ...options });
    return fromWire(checkAnswer(contract().policy, response, operation));
  }
}
