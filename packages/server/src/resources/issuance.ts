import type { RequestPipeline } from "@credport/core";
import { contract, loadContract } from "../contract.js";
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
import { checkAnswer, checkInput, pathId } from "../validation.js";
import { fetchPage } from "./list.js";

const BASE = "/v1/openid4vc/issuance";
const same = (s: IssuanceSession) => s;

/** OpenID4VCI issuance sessions. */
export class Issuance {
  constructor(private readonly pipeline: RequestPipeline) {}

  /** Creates an offer; the only call that returns the wallet hand-off (`offerUri`, `offerQrUri`). */
  async createOffer(input: CreateOfferInput, options: WriteOptions = {}): Promise<IssuanceOffer> {
    await loadContract();
    const body = checkInput(contract().createOfferBody, input, { root: "input" });
    const response = await this.pipeline.request<unknown>({
      method: "POST",
      path: `${BASE}/offer`,
      body,
      ...options,
    });
    return checkAnswer(contract().issuanceOffer, response, "issuance.createOffer");
  }

  async get(issuanceId: string, options: RequestOptions = {}): Promise<IssuanceSession> {
    await loadContract();
    return this.session("issuance.get", "GET", pathId(issuanceId, "issuanceId"), options);
  }

  /** Cancels an open offer; an ended one is 409 issuance_not_cancelable. */
  async cancel(issuanceId: string, options: WriteOptions = {}): Promise<IssuanceSession> {
    await loadContract();
    return this.session(
      "issuance.cancel",
      "POST",
      `${pathId(issuanceId, "issuanceId")}/cancel`,
      options,
    );
  }

  /** Revokes an issued credential: status stays credential_issued; credentialStatus becomes revoked. */
  async revoke(issuanceId: string, options: WriteOptions = {}): Promise<IssuanceSession> {
    await loadContract();
    return this.session(
      "issuance.revoke",
      "POST",
      `${pathId(issuanceId, "issuanceId")}/revoke`,
      options,
    );
  }

  /** History and reconciliation; hand-off data is not included. */
  async list(
    params: ListParams & { status?: IssuanceStatus | undefined } = {},
  ): Promise<Page<IssuanceSession>> {
    await loadContract();
    return fetchPage(
      this.pipeline,
      {
        operation: "issuance.list",
        path: BASE,
        query: contract().listIssuanceQuery,
        page: contract().issuanceList,
        filters: (p) => ({ status: p.status }),
        map: same,
        casing: "camel",
      },
      params,
    );
  }

  private async session(
    operation: string,
    method: "GET" | "POST",
    suffix: string,
    options: WriteOptions,
  ): Promise<IssuanceSession> {
    const response = await this.pipeline.request<unknown>({
      method,
      path: `${BASE}/${suffix}`,
      ...options,
    });
    return checkAnswer(contract().issuanceSession, response, operation);
  }
}
