import { describe, expect, it } from "vitest";
import { claimLocations } from "../src/claim-path.js";

describe("claimLocations: a requirement path in claims of either format", () => {
  it("an SD-JWT VC's claim by its dot-joined path", () => {
    expect(claimLocations({ address: { country: "DE" } }, "address.country")).toEqual([
      ["address", "country"],
    ]);
    expect(claimLocations({ age_over_18: false }, "age_over_18")).toEqual([["age_over_18"]]);
    expect(claimLocations({}, "age_over_18")).toEqual([]);
  });

  it("an mdoc element by namespace and element, or by element in every namespace that has it", () => {
    const claims = {
      "eu.europa.ec.av.1": { age_over_18: true },
      "org.iso.18013.5.1": { age_over_18: false, issuing_country: "GB" },
    };
    expect(claimLocations(claims, "org.iso.18013.5.1.issuing_country")).toEqual([
      ["org.iso.18013.5.1", "issuing_country"],
    ]);
    expect(claimLocations(claims, "age_over_18")).toEqual([
      ["eu.europa.ec.av.1", "age_over_18"],
      ["org.iso.18013.5.1", "age_over_18"],
    ]);
    expect(claimLocations(claims, "org.iso.18013.5.1.family_name")).toEqual([]);
  });

  it("an object whose name has no dot is not a namespace; inherited names are not claims", () => {
    expect(claimLocations({ address: { age_over_18: true } }, "age_over_18")).toEqual([]);
    expect(claimLocations({ "a.b": { toString: undefined } }, "toString")).toEqual([]);
    expect(claimLocations({ "a.b": {} }, "constructor")).toEqual([]);
  });
});
