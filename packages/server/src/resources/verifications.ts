import type { OperationId, RequestPipeline } from "@credport/core";
import { callOperation, type MethodCall } from "../operation-method.js";
import type { PagePromise } from "../page.js";
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
import { type ListSpec, listPages } from "./list.js";

/** Each method an operation of the contract, by its ID (`OPERATION_ROUTES`, `@credport/core`). */
const METHODS = {
  create: "createVerification",
  get: "getVerification",
  getStatus: "getVerificationStatus",
  getResult: "getVerificationResult",
  cancel: "cancelVerification",
} satisfies Record<string, OperationId>;

const LIST: ListSpec = { operation: "listVerifications", filters: (p) => ({ status: p.status }) };

/** Verifications of wallet presentations against a policy. */
export class Verifications {
  constructor(private readonly pipeline: RequestPipeline) {}

  /** Returns the client token (for the browser) and the wallet's authorization request URI. */
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

  async cancel(verificationId: string, options: WriteOptions = {}): Promise<Verification> {
    return this.send("cancel", { ids: [verificationId], options });
  }

  list(
    params: ListParams & { status?: VerificationStatusValue | undefined } = {},
  ): PagePromise<Verification> {
    return listPages(this.pipeline, "verifications.list", LIST, params);
  }

  /** Calls one of the methods above: `send`, as in every resource. */
  private send<T>(method: keyof typeof METHODS, call: MethodCall): Promise<T> {
    return callOperation(this.pipeline, `verifications.${method}`, METHODS[method], call);
  }
}
