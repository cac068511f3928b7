import type { DcqlQuery } from "dcql";
import type { PresentationBinding } from "../formats/presentation-binding.js";
import type { Answer, Route, RouteContext } from "../http/route.js";
import type { Model } from "../model/model.js";
import type { VerificationRecord } from "../model/records/verification-record.js";

/**
 * One way a presentation request reaches a wallet and its answer comes back (the redirect flow's
 * `direct_post`/`direct_post.jwt`, the Digital Credentials API): it makes the request, reads the
 * answer into presentations and the {@link PresentationBinding} they must carry, and tells the
 * wallet how it ended. A channel knows nothing of credential formats: what to ask for and the
 * verdict come from the verifier, through {@link ChannelVerifier}.
 */
export interface PresentationChannel {
  readonly name: PresentationBinding["channel"];
  /** The request as this channel sends it (the redirect flow: the signed request object, a JWT). */
  makeRequest(
    ctx: RouteContext<Model>,
    verification: VerificationRecord,
    request: PresentationRequest,
  ): Promise<string>;
  /**
   * Reads a wallet's answer. A malformed one is refused (`ok: false`, the answer to send) and the
   * verification stays open; a well-formed one is the holder's refusal or presentations keyed by
   * credential query, with the binding this channel vouches for.
   */
  readAnswer(
    ctx: RouteContext<Model>,
    verification: VerificationRecord,
    query: DcqlQuery,
  ): Promise<ReadAnswer>;
  /**
   * Every binding an answer to this verification could carry over this channel, as far as the
   * request went out (a key never made is no binding): what a holder may have signed for instead
   * of the binding its answer came with, for the `transcript` check. Makes no response key.
   */
  knownBindings(
    ctx: RouteContext<Model>,
    verification: VerificationRecord,
  ): Promise<PresentationBinding[]>;
  /** What the wallet is told once its answer decided the verification. */
  finish(ctx: RouteContext<Model>, verification: VerificationRecord): Answer;
  /** The HTTP routes wallets call on this channel, deciding through `verifier`. */
  routes(verifier: ChannelVerifier): Route<Model>[];
}

/** What a request asks for: the format's query and the formats the verifier accepts. */
export interface PresentationRequest {
  dcqlQuery: DcqlQuery;
  /** `vp_formats_supported` (OpenID4VP 1.0 §11.1): each accepted format's algorithms. */
  vpFormatsSupported: Record<string, unknown>;
}

/** A well-formed answer: the holder said no, or here are the presentations. */
export type ChannelAnswer =
  | { kind: "error"; error: string }
  | {
      kind: "vp_token";
      /** Presentations by credential query ID, as the wallet sent them. */
      presentations: Record<string, string[]>;
      binding: PresentationBinding;
    };

export type ReadAnswer = { ok: true; answer: ChannelAnswer } | { ok: false; refusal: Answer };

/** The verifier as a channel sees it: what to ask for, and a verdict on what came back. */
export interface ChannelVerifier {
  /** The request of a verification: its format's DCQL query (with trusted authorities under HAIP). */
  requestFor(model: Model, verification: VerificationRecord): Promise<PresentationRequest>;
  /** The query an answer must fit (its credential query IDs and `multiple`). */
  queryFor(verification: VerificationRecord): DcqlQuery;
  /**
   * Decides the verification on a well-formed answer: `"decided"`, or `"closed"` when it was no
   * longer open once the presentation was checked (another answer decided it first).
   */
  decide(
    ctx: RouteContext<Model>,
    verification: VerificationRecord,
    answer: ChannelAnswer,
    options?: {
      /** Told the format's verdict on the presentation, with its reason when it fails. */
      onChecked?: (outcome: { ok: boolean; reason?: string }) => void;
    },
  ): Promise<"decided" | "closed">;
}
