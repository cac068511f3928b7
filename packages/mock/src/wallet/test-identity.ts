/** The identity credential a test wallet presents for the built-in presets. */
export interface TestIdentity {
  given_name: string;
  family_name: string;
  /** ISO 8601 date, e.g. `1815-12-10`. */
  birthdate: string;
  /**
   * Computed by the emulator's test issuer from `birthdate` on its clock (born less than 18 years
   * ago: `false`). Leave it out; an identity that gives one contradicting `birthdate` is refused.
   */
  age_over_18?: boolean;
  nationality?: string;
}

/** `credport.identity.v1`'s type: the credential behind `preset_age_over_18` and `preset_identity_basic`. */
export const IDENTITY_VCT = "https://credport.dev/vct/identity/v1";

/**
 * The identity a test wallet holds unless told otherwise: Ada Lovelace, over 18 (`age_over_18`
 * follows `birthdate`). Pass `createTestWallet({ identity: { … } })` to change fields, e.g.
 * `{ birthdate: "2015-06-01" }` for a holder under 18; `identity: false` for a wallet that holds
 * none.
 */
export const DEFAULT_TEST_IDENTITY: Readonly<TestIdentity> = Object.freeze({
  given_name: "Ada",
  family_name: "Lovelace",
  birthdate: "1815-12-10",
});
