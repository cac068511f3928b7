import type { RequestPipeline } from "@credport/core";
import type { VerificationWire } from "@credport/core/contract";
import { type ClaimRequirements, requireClaims } from "../claim-requirements.js";
import { contract, loadContract } from "../contract.js";
import type { Page } from "../page.js";
import {
  type VerifiedResultToken,
  type VerifyResultTokenOptions,
  verifyResultToken,
} from "../result-token.js";
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
import { checkAnswer, checkInput, invalid, pathId, type Schema } from "../validation.js";
import { fromWire, toWire } from "../wire.js";
import { fetchPage } from "./list.js";

const BASE = "/v1/verifications";

/** Options of {@link Verifications.getVerifiedResult}. */
export interface GetVerifiedResultOptions
  extends Omit<VerifyResultTokenOptions, "verificationId" | "baseUrl">,
    RequestOptions {
  /**
   * What the signed claims must say (see `requireClaims`). Default: the preset's requirement
   * (`preset_age_over_18`: `{ age_over_18: true }`), none for your own policies.
   */
  requireClaims?: ClaimRequirements | undefined;
}

/** Verifications of wallet presentations against a policy. */
export class Verifications {
  constructor(
    private readonly pipeline: RequestPipeline,
    /** The service's base URL: the result token's issuer and where its keys are read. */
    private readonly baseUrl?: string,
  ) {}

  /** Returns the client token (for the browser) and the wallet's authorization request URI. */
  async create(
    input: CreateVerificationInput,
    options: WriteOptions = {},
  ): Promise<CreatedVerification> {
    await loadContract();
    if (!input || typeof input !== "object" || Array.isArray(input))
      throw invalid("input", "must be a JSON object");
    const body = checkInput(
      contract().createVerificationBody,
      toWire(input as Record<string, unknown>),
      {
        root: "input",
        snake: true,
      },
    );
    const response = await this.pipeline.request<unknown>({
      method: "POST",
      path: BASE,
      body,
      ...options,
    });
    return fromWire(checkAnswer(contract().createdVerification, response, "verifications.create"));
  }

  async get(verificationId: string, options: RequestOptions = {}): Promise<Verification> {
    await loadContract();
    return this.read("verifications.get", contract().verification, verificationId, "", options);
  }

  /** Server-side status read with the secret key. */
  async getStatus(
    verificationId: string,
    options: RequestOptions = {},
  ): Promise<VerificationStatus> {
    await loadContract();
    return this.read(
      "verifications.getStatus",
      contract().verificationStatus,
      verificationId,
      "/status",
      options,
    );
  }

  /** The signed result, once the verification has ended: the policy's fields and a JWS over them. */
  async getResult(
    verificationId: string,
    options: RequestOptions = {},
  ): Promise<VerificationResult> {
    await loadContract();
    return this.read(
      "verifications.getResult",
      contract().verificationResult,
      verificationId,
      "/result",
      options,
    );
  }

  /**
   * The result as the service signed it, only if the verification is `verified` and its signed
   * claims meet the requirements: `getResult`, then `verifyResultToken` (about this verification,
   * and the `policyId`, `customerUserRef` and `audience` you pass), then `requireClaims`. The plain
   * JSON beside the token is never used. Gate access on this, never on `status` alone.
   *
   * Throws `CredportSignatureVerificationError` (`result_token_invalid`, `result_token_mismatch`)
   * and `CredportConflictError` (`verification_not_verified`, `claims_not_accepted` with
   * `details.field` naming the claim, never its value).
   *
   * @example
   * const signed = await credport.verifications.getVerifiedResult(id, {
   *   policyId: "preset_age_over_18", // requires age_over_18: true
   *   customerUserRef: user.id,
   * });
   */
  async getVerifiedResult(
    verificationId: string,
    options: GetVerifiedResultOptions = {},
  ): Promise<VerifiedResultToken> {
    const { signal, timeoutMs, maxRetries, requireClaims: requirements, ...check } = options;
    const { resultToken } = await this.getResult(verificationId, { signal, timeoutMs, maxRetries });
    const signed = await verifyResultToken(resultToken, {
      ...check,
      verificationId,
      ...(this.baseUrl ? { baseUrl: this.baseUrl } : {}),
    });
    return requireClaims(signed, requirements);
  }

  async cancel(verificationId: string, options: WriteOptions = {}): Promise<Verification> {
    await loadContract();
    const path = `${BASE}/${pathId(verificationId, "verificationId")}/cancel`;
    const response = await this.pipeline.request<unknown>({ method: "POST", path, ...options });
    return fromWire(checkAnswer(contract().verification, response, "verifications.cancel"));
  }

  async list(
    params: ListParams & { status?: VerificationStatusValue | undefined } = {},
  ): Promise<Page<Verification>> {
    await loadContract();
    return fetchPage(
      this.pipeline,
      {
        operation: "verifications.list",
        path: BASE,
        query: contract().listVerificationsQuery,
        page: contract().verificationList,
        filters: (p) => ({ status: p.status }),
        map: (wire: VerificationWire) => fromWire(wire),
        casing: "snake",
      },
      params,
    );
  }

  private async read<W extends object>(
    operation: string,
    schema: Schema<W>,
    verificationId: string,
    suffix: string,
    options: RequestOptions,
  ) {
    const path = `${BASE}/${pathId(verificationId, "verificationId")}${suffix}`;
    const response = await this.pipeline.request<unknown>({ method: "GET", path, ...options });
    return fromWire(checkAnswer(schema, response, operation));
  }
}
