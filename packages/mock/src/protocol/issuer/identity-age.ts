/** Years after its birthdate a test identity is over 18. */
const AGE_OF_MAJORITY = 18;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A test identity's claims with `age_over_18` following `birthdate` on the emulator's clock: filled
 * in when missing, refused when it says otherwise (a 2015-born identity is not over 18 because its
 * holder says so). The 18th birthday counts, in UTC; someone born on 29 February is over 18 from
 * 1 March of a common year. Claims without a `birthdate` string are returned as they are.
 */
export function withAgeFromBirthdate(
  claims: Record<string, unknown>,
  nowMs: number,
): { ok: true; claims: Record<string, unknown> } | { ok: false; reason: string } {
  if (typeof claims.birthdate !== "string") return { ok: true, claims };
  const match = ISO_DATE.exec(claims.birthdate);
  const [year, month, day] = match ? match.slice(1).map(Number) : [];
  const born = match ? new Date(Date.UTC(year!, month! - 1, day!)) : undefined;
  if (!born || born.getUTCMonth() !== month! - 1 || born.getUTCDate() !== day!)
    return { ok: false, reason: "birthdate must be a date written YYYY-MM-DD" };
  const today = new Date(nowMs);
  // YYYYMMDD numbers compare as dates: over 18 once today, 18 years back, reaches the birthdate.
  const eighteenYearsAgo =
    (today.getUTCFullYear() - AGE_OF_MAJORITY) * 10_000 +
    (today.getUTCMonth() + 1) * 100 +
    today.getUTCDate();
  const over18 = eighteenYearsAgo >= year! * 10_000 + month! * 100 + day!;
  if (claims.age_over_18 !== undefined && claims.age_over_18 !== over18)
    return {
      ok: false,
      reason:
        "age_over_18 contradicts birthdate on the emulator's clock; leave it out to have it computed",
    };
  return { ok: true, claims: { ...claims, age_over_18: over18 } };
}
