import type { ClaimEntry } from "../../model/records/definition-record.js";

/** A built-in mdoc definition: the fields a `DefinitionRecord` gets once `doctype` is wired in. */
export interface MdocGlobalDefinition {
  credentialDefinitionId: string;
  format: "mso_mdoc";
  doctype: string;
  title: string;
  claims: ClaimEntry[];
}

const en = (name: string) => [{ name, locale: "en" }];
const AV = "eu.europa.ec.av.1";
const MDL = "org.iso.18013.5.1";

/**
 * The mdoc definitions built into every project: the EU age-verification attestation (doctype and
 * namespace `eu.europa.ec.av.1`, element `age_over_18`) and a subset of the mDL (ISO/IEC 18013-5
 * §7.2.1, namespace `org.iso.18013.5.1`), enough for age checks and a name on screen.
 */
export const MDOC_GLOBAL_DEFINITIONS: readonly MdocGlobalDefinition[] = [
  {
    credentialDefinitionId: "credport.age_verification.mdoc.v1",
    format: "mso_mdoc",
    doctype: AV,
    title: "Age verification (EU)",
    claims: [
      { path: [AV, "age_over_18"], mandatory: true, display: en("Over 18") },
      { path: [AV, "issuing_country"], mandatory: false, display: en("Issuing country") },
    ],
  },
  {
    credentialDefinitionId: "credport.mdl.v1",
    format: "mso_mdoc",
    doctype: "org.iso.18013.5.1.mDL",
    title: "Mobile driving licence",
    claims: [
      { path: [MDL, "family_name"], mandatory: true, display: en("Family name") },
      { path: [MDL, "given_name"], mandatory: true, display: en("Given name") },
      { path: [MDL, "birth_date"], mandatory: true, display: en("Date of birth") },
      { path: [MDL, "age_over_18"], mandatory: true, display: en("Over 18") },
      { path: [MDL, "issuing_country"], mandatory: true, display: en("Issuing country") },
      { path: [MDL, "document_number"], mandatory: true, display: en("Document number") },
      { path: [MDL, "expiry_date"], mandatory: true, display: en("Expiry date") },
    ],
  },
];
