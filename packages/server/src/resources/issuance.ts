import type { OperationId, RequestPipeline } from "@credport/core";
import { callOperation, type MethodCall } from "../operation-method.js";
import type { PagePromise } from "../page.js";
import type {
  CreateOfferInput,
  IssuanceOffer,
  IssuanceSession,
  IssuanceStatus,
  ListParams,
  RequestOptions,
  Timeline,
  WriteOptions,
} from "../types.js";
import { type ListSpec, listPages } from "./list.js";

/** Each method an operation of the contract, by its ID (`OPERATION_ROUTES`, `@credport/core`). */
const METHODS = {
  createOffer: "createOffer",
  get: "getIssuanceSession",
  cancel: "cancelIssuanceSession",
  revoke: "revokeIssuedCredential",
  timeline: "getIssuanceTimeline",
} satisfies Record<string, OperationId>;

const LIST: ListSpec = {
  operation: "listIssuanceSessions",
  filters: (p) => ({ status: p.status }),
};

/** OpenID4VCI issuance sessions. */
export class Issuance {
  constructor(private readonly pipeline: RequestPipeline) {}

  /** Creates an offer; the only call that returns the wallet hand-off (`offerUri`, `offerQrUri`). */
  async createOffer(input: CreateOfferInput, options: WriteOptions = {}): Promise<IssuanceOffer> {
    return this.send("createOffer", { input, options });
  }

  async get(issuanceId: string, options: RequestOptions = {}): Promise<IssuanceSession> {
    return this.send("get", { ids: [issuanceId], options });
  }

  /** Cancels an open offer; an ended one is 409 issuance_not_cancelable. */
  async cancel(issuanceId: string, options: WriteOptions = {}): Promise<IssuanceSession> {
    return this.send("cancel", { ids: [issuanceId], options });
  }

  /** Revokes an issued credential: status stays credential_issued; credentialStatus becomes revoked. */
  async revoke(issuanceId: string, options: WriteOptions = {}): Promise<IssuanceSession> {
    return this.send("revoke", { ids: [issuanceId], options });
  }

  /** History and reconciliation; hand-off data is not included. */
  list(
    params: ListParams & { status?: IssuanceStatus | undefined } = {},
  ): PagePromise<IssuanceSession> {
    return listPages(this.pipeline, "issuance.list", LIST, params);
  }

  /**
   * The steps of a issuance session so far, in order, each with its time: created, offer fetched, token issued, wrong transaction codes, the final status, and each webhook delivery attempt with the receiver's HTTP status. For debugging a
   * failure (with `failureDetail`); server-side only.
   */
  async timeline(issuanceId: string, options: RequestOptions = {}): Promise<Timeline> {
    return this.send("timeline", { ids: [issuanceId], options });
  }

  /** Calls one of the methods above: `send`, as in every resource. */
  private send<T>(method: keyof typeof METHODS, call: MethodCall): Promise<T> {
    return callOperation(this.pipeline, `issuance.${method}`, METHODS[method], call);
  }
}
