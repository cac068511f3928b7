import { describe, expect, it } from "vitest";
import {
  mdocPublishIssues,
  readMdocOfferClaims,
} from "../../../src/formats/mso-mdoc/mdoc-definition.js";

const AV = "eu.europa.ec.av.1";

describe("mso_mdoc definitions: publish readiness", () => {
  it("accepts a doctype and [namespace, element] paths", () => {
    expect(mdocPublishIssues({ doctype: AV, claims: [{ path: [AV, "age_over_18"] }] })).toEqual([]);
  });

  it("names each problem: no doctype, paths of one, three or empty segments", () => {
    const issues = mdocPublishIssues({
      doctype: "",
      claims: [
        { path: ["age_over_18"] },
        { path: [AV, "a", "b"] },
        { path: [AV, ""] },
        { path: [AV, "ok"] },
      ],
    });
    expect(issues.map((i) => [i.path, i.code])).toEqual([
      ["doctype", "required"],
      ["claims[0].path", "invalid_mdoc_path"],
      ["claims[1].path", "invalid_mdoc_path"],
      ["claims[2].path", "invalid_mdoc_path"],
    ]);
  });
});

describe("mso_mdoc offers: nested claims", () => {
  const definition = {
    claims: [
      { path: [AV, "age_over_18"], mandatory: true },
      { path: [AV, "issuing_country"], mandatory: false },
    ],
  };

  it("reads namespaces of elements", () => {
    expect(readMdocOfferClaims({ [AV]: { age_over_18: true } }, definition)).toEqual({
      ok: true,
      nameSpaces: { [AV]: { age_over_18: true } },
    });
  });

  it.each([
    [[], "claims"],
    [{ [AV]: "x" }, `claims.${AV}`],
    [{ [AV]: { age_over_18: true, other: 1 } }, `claims.${AV}.other`],
    [{ [AV]: { age_over_18: { nested: true } } }, `claims.${AV}.age_over_18`],
    [{ [AV]: { issuing_country: "EU" } }, `claims.${AV}.age_over_18`],
    [JSON.parse(`{"__proto__": {"age_over_18": true}}`), "claims.__proto__.age_over_18"],
  ])("refuses %j at %s", (claims, path) => {
    expect(readMdocOfferClaims(claims, definition)).toMatchObject({ ok: false, problem: { path } });
  });
});
