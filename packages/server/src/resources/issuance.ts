import type { RequestPipeline } from "@credport/core";
import type { Page } from "../page.js";
import type {
  CreateOfferInput,
  IssuanceOffer,
  IssuanceSession,
  IssuanceStatus,
  ListParams,
  RequestOptions,
  WriteOptions,
} from "../types.js";
import {
  exactlyOne,
  invalid,
  listParams,
  offerClaims,
  oneOf,
  requireId,
  requireObject,
  stringMap,
} from "../validation.js";
import { fetchPage } from "./list.js";

const BASE = "/v1/openid4vc/issuance";
const STATUSES = [
  "offer_created",
  "ready_to_issue",
  "token_issued",
  "credential_issued",
  "canceled",
  "expired",
  "failed",
] as const;
const same = (s: IssuanceSession) => s;

/** OpenID4VCI issuance sessions. */
export class Issuance {
  constructor(private readonly pipeline: RequestPipeline) {}

  /** Creates an offer; the only call that returns the wallet hand-off (`offerUri`, `offerQrUri`). */
  async createOffer(input: CreateOfferInput, options: WriteOptions = {}): Promise<IssuanceOffer> {
    const body = requireObject(input, "input");
    offerClaims(body.claims);
    exactlyOne(body, "credentialDefinitionId", "vct");
    stringMap(body.metadata, "metadata");
    if (body.issuanceMode !== undefined && body.issuanceMode !== "InTime")
      throw invalid("issuanceMode", 'must be "InTime"');
    if (body.txCode !== undefined) {
      const length = requireObject(body.txCode, "txCode").length;
      if (
        length !== undefined &&
        (!Number.isInteger(length) || (length as number) < 4 || (length as number) > 8)
      ) {
        throw invalid("txCode.length", "must be an integer from 4 to 8");
      }
    }
    return (
      await this.pipeline.request<IssuanceOffer>({
        method: "POST",
        path: `${BASE}/offer`,
        body,
        ...options,
      })
    ).data;
  }

  async get(issuanceId: string, options: RequestOptions = {}): Promise<IssuanceSession> {
    return (
      await this.pipeline.request<IssuanceSession>({
        method: "GET",
        path: `${BASE}/${requireId(issuanceId, "issuanceId")}`,
        ...options,
      })
    ).data;
  }

  /** Cancels an open offer; an ended one is 409 issuance_not_cancelable. */
  async cancel(issuanceId: string, options: WriteOptions = {}): Promise<IssuanceSession> {
    const path = `${BASE}/${requireId(issuanceId, "issuanceId")}/cancel`;
    return (await this.pipeline.request<IssuanceSession>({ method: "POST", path, ...options }))
      .data;
  }

  /** Revokes an issued credential: status stays credential_issued; credentialStatus becomes revoked. */
  async revoke(issuanceId: string, options: WriteOptions = {}): Promise<IssuanceSession> {
    const path = `${BASE}/${requireId(issuanceId, "issuanceId")}/revoke`;
    return (await this.pipeline.request<IssuanceSession>({ method: "POST", path, ...options }))
      .data;
  }

  /** History and reconciliation; hand-off data is not included. */
  async list(
    params: ListParams & { status?: IssuanceStatus } = {},
  ): Promise<Page<IssuanceSession>> {
    params = listParams(params);
    oneOf(params.status, "status", STATUSES);
    return fetchPage(this.pipeline, BASE, params, { status: params.status }, same, "camel");
  }
}
