import type { RequestPipeline } from "@credport/core";
import type { Page } from "../page.js";
import type {
  CreatedVerification,
  CreateVerificationInput,
  ListParams,
  RequestOptions,
  Verification,
  VerificationResult,
  VerificationStatus,
  VerificationStatusValue,
  WriteOptions,
} from "../types.js";
import {
  listParams,
  oneOf,
  optionalString,
  requireId,
  requireObject,
  requireString,
  stringMap,
} from "../validation.js";
import {
  createdVerificationFromWire,
  verificationFromWire,
  verificationResultFromWire,
  verificationStatusFromWire,
} from "../wire.js";
import { fetchPage } from "./list.js";

const STATUSES = ["pending", "in_progress", "verified", "failed", "expired", "canceled"] as const;
type Wire = Record<string, unknown>;

/** Verifications of wallet presentations against a policy. */
export class Verifications {
  constructor(private readonly pipeline: RequestPipeline) {}

  /** Returns the client token (for the browser) and the wallet's authorization request URI. */
  async create(
    input: CreateVerificationInput,
    options: WriteOptions = {},
  ): Promise<CreatedVerification> {
    const body = requireObject(input, "input");
    requireString(body.policyId, "policyId", 100);
    optionalString(body.customerUserRef, "customerUserRef", 200);
    stringMap(body.metadata, "metadata");
    const wire = {
      policy_id: body.policyId,
      ...(body.customerUserRef !== undefined ? { customer_user_ref: body.customerUserRef } : {}),
      ...(body.metadata !== undefined ? { metadata: body.metadata } : {}),
    };
    const { data } = await this.pipeline.request<Wire>({
      method: "POST",
      path: "/v1/verifications",
      body: wire,
      ...options,
    });
    return createdVerificationFromWire(data);
  }

  async get(verificationId: string, options: RequestOptions = {}): Promise<Verification> {
    return verificationFromWire(await this.read(verificationId, "", options));
  }

  /** Server-side status read with the secret key. */
  async getStatus(
    verificationId: string,
    options: RequestOptions = {},
  ): Promise<VerificationStatus> {
    return verificationStatusFromWire(await this.read(verificationId, "/status", options));
  }

  /** The signed result, once the verification has ended: the policy's fields and a JWS over them. */
  async getResult(
    verificationId: string,
    options: RequestOptions = {},
  ): Promise<VerificationResult> {
    return verificationResultFromWire(await this.read(verificationId, "/result", options));
  }

  async cancel(verificationId: string, options: WriteOptions = {}): Promise<Verification> {
    const path = `/v1/verifications/${requireId(verificationId, "verificationId")}/cancel`;
    return verificationFromWire(
      (await this.pipeline.request<Wire>({ method: "POST", path, ...options })).data,
    );
  }

  async list(
    params: ListParams & { status?: VerificationStatusValue } = {},
  ): Promise<Page<Verification>> {
    params = listParams(params);
    oneOf(params.status, "status", STATUSES);
    return fetchPage(
      this.pipeline,
      "/v1/verifications",
      params,
      { status: params.status },
      verificationFromWire,
      "snake",
    );
  }

  private async read(
    verificationId: string,
    suffix: string,
    options: RequestOptions,
  ): Promise<Wire> {
    const path = `/v1/verifications/${requireId(verificationId, "verificationId")}${suffix}`;
    return (await this.pipeline.request<Wire>({ method: "GET", path, ...options })).data;
  }
}
