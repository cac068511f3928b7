/**
 * `FailureCode` admits the codes this version knows and any code a newer service adds (receivers
 * must accept those), without widening to a plain `string` in editors. Checked by `pnpm typecheck`.
 */
import type { FAILURE_CODES, FailureCode, KnownFailureCode } from "@credport/core";
import { expectTypeOf, test } from "vitest";

test("FailureCode: the known codes, and any code a newer service sends", () => {
  expectTypeOf<KnownFailureCode>().toEqualTypeOf<(typeof FAILURE_CODES)[number]>();
  expectTypeOf<"claims_not_satisfied">().toExtend<KnownFailureCode>();
  // A code read off the wire is a FailureCode; a switch over the known ones needs a default.
  expectTypeOf<string>().toExtend<FailureCode>();
  expectTypeOf<FailureCode>().not.toEqualTypeOf<KnownFailureCode>();
  expectTypeOf<Exclude<FailureCode, KnownFailureCode>>().toEqualTypeOf<string & {}>();
});
