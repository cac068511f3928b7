import type { JsonObject } from "../infrastructure/input.js";
import type { Tenant } from "../keys.js";
import type { FailureCode, VerificationStatus } from "../transitions/verification-transitions.js";
import type { FailureDetail } from "./failure-detail.js";
import type { PolicyField } from "./policy-record.js";
import type { HasTimeline } from "./timeline.js";

/** A verification as the model stores it. */

export interface VerificationRecord extends HasTimeline {
  id: string;
  tenant: Tenant;
  status: VerificationStatus;
  failureCode?: FailureCode;
  /** With `failed`: the check that failed (server reads only, never the browser's). */
  failureDetail?: FailureDetail;
  policyId: string;
  policy: { vct: string; fields: PolicyField[]; format?: string };
  customerUserRef: string | null;
  metadata: Record<string, string>;
  clientToken: string;
  /** Nonce the wallet's key-binding JWT must carry. */
  nonce: string;
  /**
   * The page origins a Digital Credentials API answer may be bound to (`expected_origins` of the
   * create body); absent when the verification made no DC API request.
   */
  expectedOrigins?: string[];
  /** What the wallet answered through the DC API, for the emulator's dashboard (no claim values). */
  dcApiAnswer?: DcApiAnswerTranscript;
  /** Disclosed values of the policy's fields, once verified. */
  claims?: JsonObject;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
}

/** The transcript of a Digital Credentials API answer: how it came, and why it failed if it did. */
export interface DcApiAnswerTranscript {
  at: string;
  /** The protocol the page posted, e.g. `openid4vp-v1-signed`. */
  protocol: string;
  /** Which member `data` held: `response` (encrypted), `vp_token` (in the clear) or `error`. */
  form: "response" | "vp_token" | "error";
  /** The origin the key binding named, when it was one of `expectedOrigins`. */
  origin?: string;
  /** Why the answer did not verify (names claims, never their values). */
  reason?: string;
}
