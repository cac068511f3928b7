import type { RequestPipeline } from "@credport/core";
import type { VerificationWire } from "@credport/core/contract";
import { contract, loadContract } from "../contract.js";
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
import { checkAnswer, checkInput, invalid, pathId, type Schema } from "../validation.js";
import { fromWire, toWire } from "../wire.js";
import { fetchPage } from "./list.js";

const BASE = "/v1/verifications";

/** Verifications of wallet presentations against a policy. */
export class Verifications {
  constructor(private readonly pipeline: RequestPipeline) {}

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
