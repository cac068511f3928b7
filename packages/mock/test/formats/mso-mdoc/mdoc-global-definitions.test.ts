import { describe, expect, it } from "vitest";
import { mdocCredentialConfiguration } from "../../../src/formats/mso-mdoc/mdoc-credential-configuration.js";
import { mdocPublishIssues } from "../../../src/formats/mso-mdoc/mdoc-definition.js";
import { GLOBAL_DEFINITIONS } from "../../../src/model/global-definitions.js";

const MDOC_GLOBAL_DEFINITIONS = GLOBAL_DEFINITIONS.filter((d) => d.format === "mso_mdoc");

describe("built-in mdoc definitions", () => {
  it.each(MDOC_GLOBAL_DEFINITIONS.map((d) => [d.credentialDefinitionId, d] as const))(
    "%s meets the mso_mdoc publish rules",
    (_, definition) => {
      expect(mdocPublishIssues(definition)).toEqual([]);
    },
  );

  it("there are two; the EU age attestation asks nothing but what an age check needs", () => {
    const av = MDOC_GLOBAL_DEFINITIONS.find((d) => d.doctype === "eu.europa.ec.av.1")!;
    expect(av.claims.filter((c) => c.mandatory).map((c) => c.path)).toEqual([
      ["eu.europa.ec.av.1", "age_over_18"],
    ]);
  });

  it("issuer metadata: mso_mdoc, doctype, cose_key binding, COSE ES256, [namespace, element] claims", () => {
    const av = MDOC_GLOBAL_DEFINITIONS[0]!;
    expect(
      mdocCredentialConfiguration({
        ...av,
        doctype: av.doctype!,
        scope: av.credentialDefinitionId,
      }),
    ).toMatchObject({
      format: "mso_mdoc",
      doctype: "eu.europa.ec.av.1",
      cryptographic_binding_methods_supported: ["cose_key"],
      credential_signing_alg_values_supported: [-7],
      scope: av.credentialDefinitionId,
      proof_types_supported: { jwt: { proof_signing_alg_values_supported: ["ES256"] } },
      credential_metadata: {
        claims: [{ path: ["eu.europa.ec.av.1", "age_over_18"], mandatory: true }, {}],
      },
    });
  });
});
