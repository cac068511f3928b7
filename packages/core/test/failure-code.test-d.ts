/**
 * `FailureCode` admits the codes this version knows and any code a newer service adds (receivers
 * must accept those), without widening to a plain `string` in editors. Checked by `pnpm typecheck`.
 */
import type { FailureCode, KnownFailureCode } from "@credport/core";

type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assert = <T extends true>() => {};

assert<
  Equal<
    KnownFailureCode,
    | "presentation_invalid"
    | "claims_missing"
    | "claims_not_satisfied"
    | "credential_revoked"
    | "credential_expired"
    | "wallet_rejected"
  >
>();
// A code from a newer service, as a string read off the wire, is a FailureCode.
const future: FailureCode = "issuer_untrusted";
const fromWire: FailureCode = String("anything");
// A switch over the known codes needs a default: FailureCode is wider than KnownFailureCode.
assert<Equal<Exclude<FailureCode, KnownFailureCode>, string & {}>>();
void future;
void fromWire;
