import type { DcApiAnswerTranscript } from "../../model/records/verification-record.js";
import type { ChannelAnswer } from "../presentation-channel.js";

/**
 * A DC API answer as the channel reads it: a well-formed answer for the verifier to decide, or an
 * envelope that cannot verify whatever it holds (under `haip` an unencrypted `vp_token`, a JWE
 * not to this request's key or that does not decrypt, a `vp_token` that does not fit the query,
 * an Annex C seal that opens for no expected origin) — which, unlike the redirect flow, ends the
 * verification: the page relayed what the browser gave it, and no second answer comes.
 */
export type DcApiReading =
  | { ok: true; answer: ChannelAnswer; form: DcApiAnswerTranscript["form"] }
  | {
      ok: false;
      reason: string;
      form: DcApiAnswerTranscript["form"];
      /** The `failure_detail` check the envelope broke. */
      check: "format" | "decryption";
    };
