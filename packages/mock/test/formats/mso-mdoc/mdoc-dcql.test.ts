import { DcqlQuery } from "dcql";
import { describe, expect, it } from "vitest";
import {
  ageOver18MdocQueries,
  mdocCredentialQuery,
  mdocExpectation,
} from "../../../src/formats/mso-mdoc/mdoc-dcql.js";
import { holdMdoc } from "../../../src/wallet/formats/mso-mdoc/held-mdoc.js";
import { matchMdocQuery } from "../../../src/wallet/formats/mso-mdoc/match-mdoc-query.js";
import { AV, b64u, mdocWorld } from "./mdoc-fixture.js";

const world = await mdocWorld();
const MDL = "org.iso.18013.5.1.mDL";
const av = (age: boolean) =>
  holdMdoc(
    b64u(world.issue({ nameSpaces: { [AV]: { age_over_18: age, age_over_21: false } } })),
    world.holder.privateJwk,
  );
const mdl = () =>
  holdMdoc(
    b64u(
      world.issue({
        docType: MDL,
        nameSpaces: { "org.iso.18013.5.1": { age_over_18: true, birth_date: "2000-01-02" } },
      }),
    ),
    world.holder.privateJwk,
  );

/** `preset_age_over_18`'s query: an SD-JWT VC or any of three mdocs, each with age_over_18 true. */
const presetQuery = () => ({
  credentials: [
    {
      id: "age_sd_jwt",
      format: "dc+sd-jwt" as const,
      meta: { vct_values: ["urn:eudi:pid:1"] },
      claims: [{ path: ["age_over_18"], values: [true] }],
    },
    ...ageOver18MdocQueries(),
  ],
  credential_sets: [{ options: [["age_sd_jwt"], ["age_av"], ["age_pid"], ["age_mdl"]] }],
});

describe("DCQL for mdocs", () => {
  it("is a valid DCQL query (the dcql library parses and validates it)", () => {
    const query = {
      credentials: [
        mdocCredentialQuery("c", {
          docType: AV,
          claims: [{ path: [AV, "age_over_18"], values: [true] }],
        }),
      ],
    };
    expect(() => DcqlQuery.validate(DcqlQuery.parse(query))).not.toThrow();
    expect(query.credentials[0]).toEqual({
      id: "c",
      format: "mso_mdoc",
      meta: { doctype_value: AV },
      claims: [{ path: [AV, "age_over_18"], values: [true], intent_to_retain: false }],
    });
    expect(() => DcqlQuery.validate(DcqlQuery.parse(presetQuery()))).not.toThrow();
  });

  it("what the verifier expects is what it asked for", () => {
    const query = mdocCredentialQuery("c", {
      docType: AV,
      claims: [{ path: [AV, "age_over_18"], values: [true] }],
    });
    expect(mdocExpectation(query)).toEqual({
      docTypes: [AV],
      claims: [{ path: [AV, "age_over_18"], values: [true] }],
    });
  });

  it("the wallet answers the preset with the mdoc it holds, disclosing only age_over_18", () => {
    expect(matchMdocQuery(presetQuery(), [av(true)])).toMatchObject({
      credentialQueryId: "age_av",
      elements: [[AV, "age_over_18"]],
    });
    expect(matchMdocQuery(presetQuery(), [mdl()])).toMatchObject({
      credentialQueryId: "age_mdl",
      elements: [["org.iso.18013.5.1", "age_over_18"]],
    });
  });

  it("an mdoc whose age_over_18 is false does not match; nothing held, nothing matched", () => {
    expect(matchMdocQuery(presetQuery(), [av(false)])).toBeUndefined();
    expect(matchMdocQuery(presetQuery(), [])).toBeUndefined();
  });

  it("dates come out of the mdoc as the strings they went in as", () => {
    expect(mdl().elements.find((e) => e.elementIdentifier === "birth_date")?.value).toBe(
      "2000-01-02",
    );
  });
});
