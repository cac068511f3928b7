import type { OperationId, RequestPipeline } from "@credport/core";
import { callOperation, type MethodCall } from "../operation-method.js";
import type { PagePromise } from "../page.js";
import type {
  CreatedVerification,
  CreateVerificationInput,
  DcApiResponse,
  ListParams,
  RequestOptions,
  Timeline,
  Verification,
  VerificationResult,
  VerificationStatus,
  VerificationStatusValue,
  WriteOptions,
} from "../types.js";
import { type ListSpec, listPages } from "./list.js";

/** Each method an operation of the contract, by its ID (`OPERATION_ROUTES`, `@credport/core`). */
const METHODS = {
  create: "createVerification",
  get: "getVerification",
  getStatus: "getVerificationStatus",
  getResult: "getVerificationResult",
  cancel: "cancelVerification",
  submitDcApiResponse: "submitDcApiResponse",
  timeline: "getVerificationTimeline",
} satisfies Record<string, OperationId>;

const LIST: ListSpec = { operation: "listVerifications", filters: (p) => ({ status: p.status }) };

/** Verifications of wallet presentations against a policy. */
export class Verifications {
  constructor(private readonly pipeline: RequestPipeline) {}

  /**
   * Returns the client token (for the browser) and the wallet's authorization request URI; with
   * `expectedOrigins`, also the Digital Credentials API requests (`dcApiRequests`).
   */
  async create(
    input: CreateVerificationInput,
    options: WriteOptions = {},
  ): Promise<CreatedVerification> {
    return this.send("create", { input, options });
  }

  async get(verificationId: string, options: RequestOptions = {}): Promise<Verification> {
    return this.send("get", { ids: [verificationId], options });
  }

  /** Server-side status read with the secret key. */
  async getStatus(
    verificationId: string,
    options: RequestOptions = {},
  ): Promise<VerificationStatus> {
    return this.send("getStatus", { ids: [verificationId], options });
  }

  /** The signed result, once the verification has ended: the policy's fields and a JWS over them. */
  async getResult(
    verificationId: string,
    options: RequestOptions = {},
  ): Promise<VerificationResult> {
    return this.send("getResult", { ids: [verificationId], options });
  }

  /**
   * Hands over what the browser's Digital Credentials API `get()` resolved with, `{ protocol, data }`
   * unchanged, for apps that relay it through their server (the browser client posts it itself,
   * with the client token). Returns the status: `verified`, or `failed` with its `failureCode`.
   */
  async submitDcApiResponse(
    verificationId: string,
    credential: DcApiResponse,
    options: WriteOptions = {},
  ): Promise<VerificationStatus> {
    return this.send("submitDcApiResponse", {
      ids: [verificationId],
      input: credential,
      root: "credential",
      options,
    });
  }

  async cancel(verificationId: string, options: WriteOptions = {}): Promise<Verification> {
    return this.send("cancel", { ids: [verificationId], options });
  }

  list(
    params: ListParams & { status?: VerificationStatusValue | undefined } = {},
  ): PagePromise<Verification> {
    return listPages(this.pipeline, "verifications.list", LIST, params);
  }

  /**
   * The steps of a verification so far, in order, each with its time: created, request fetched or Digital Credentials API answer received, each check of the presentation with its outcome, the final status, and each webhook delivery attempt with the receiver's HTTP status. For debugging a
   * failure (with `failureDetail`); server-side only.
   */
  async timeline(verificationId: string, options: RequestOptions = {}): Promise<Timeline> {
    return this.send("timeline", { ids: [verificationId], options });
  }

  /** Calls one of the methods above: `send`, as in every resource. */
  private send<T>(method: keyof typeof METHODS, call: MethodCall): Promise<T> {
    return callOperation(this.pipeline, `verifications.${method}`, METHODS[method], call);
  }
}
