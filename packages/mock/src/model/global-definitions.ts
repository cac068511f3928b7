import type { DefinitionRecord } from "./records/definition-record.js";

const en = (name: string) => [{ name, locale: "en" }];

/**
 * Definitions built into every project, read-only. Only published ones are ever visible; the
 * archived one is here so that the rule "global definitions are visible only while published" has
 * something to hide.
 */
export const GLOBAL_DEFINITIONS: Omit<DefinitionRecord, "createdAt" | "updatedAt">[] = [
  {
    credentialDefinitionId: "credport.identity.v1",
    owner: null,
    vct: "https://credport.dev/vct/identity/v1",
    format: "dc+sd-jwt",
    title: "Identity",
    aliases: ["Personal ID"],
    rendering: null,
    claims: [
      { path: ["given_name"], mandatory: true, display: [{ name: "Given name", locale: "en" }] },
      { path: ["family_name"], mandatory: true, display: [{ name: "Family name", locale: "en" }] },
      { path: ["birthdate"], mandatory: true, display: [{ name: "Date of birth", locale: "en" }] },
      { path: ["age_over_18"], mandatory: true, display: [{ name: "Over 18", locale: "en" }] },
      { path: ["nationality"], mandatory: false, display: [{ name: "Nationality", locale: "en" }] },
    ],
    lifecycleStatus: "published",
    metadata: null,
  },
  {
    credentialDefinitionId: "credport.email.v1",
    owner: null,
    vct: "https://credport.dev/vct/email/v1",
    format: "dc+sd-jwt",
    title: "Verified email",
    aliases: [],
    rendering: null,
    claims: [{ path: ["email"], mandatory: true, display: [{ name: "Email", locale: "en" }] }],
    lifecycleStatus: "published",
    metadata: null,
  },
  {
    credentialDefinitionId: "credport.identity.v0",
    owner: null,
    vct: "https://credport.dev/vct/identity/v0",
    format: "dc+sd-jwt",
    title: "Identity (old)",
    aliases: [],
    rendering: null,
    claims: [{ path: ["name"], mandatory: true }],
    lifecycleStatus: "archived",
    metadata: null,
  },
  // mdocs (ISO/IEC 18013-5): the EU age-verification attestation (doctype and namespace
  // `eu.europa.ec.av.1`) and a subset of the mDL (namespace `org.iso.18013.5.1`, §7.2.1), enough for
  // age checks and a name on screen.
  {
    credentialDefinitionId: "credport.age_verification.mdoc.v1",
    owner: null,
    vct: null,
    format: "mso_mdoc",
    doctype: "eu.europa.ec.av.1",
    title: "Age verification (EU)",
    aliases: [],
    rendering: null,
    claims: [
      { path: ["eu.europa.ec.av.1", "age_over_18"], mandatory: true, display: en("Over 18") },
      {
        path: ["eu.europa.ec.av.1", "issuing_country"],
        mandatory: false,
        display: en("Issuing country"),
      },
    ],
    lifecycleStatus: "published",
    metadata: null,
  },
  {
    credentialDefinitionId: "credport.mdl.v1",
    owner: null,
    vct: null,
    format: "mso_mdoc",
    doctype: "org.iso.18013.5.1.mDL",
    title: "Mobile driving licence",
    aliases: [],
    rendering: null,
    claims: [
      { path: ["org.iso.18013.5.1", "family_name"], mandatory: true, display: en("Family name") },
      { path: ["org.iso.18013.5.1", "given_name"], mandatory: true, display: en("Given name") },
      { path: ["org.iso.18013.5.1", "birth_date"], mandatory: true, display: en("Date of birth") },
      { path: ["org.iso.18013.5.1", "age_over_18"], mandatory: true, display: en("Over 18") },
      {
        path: ["org.iso.18013.5.1", "issuing_country"],
        mandatory: true,
        display: en("Issuing country"),
      },
      {
        path: ["org.iso.18013.5.1", "document_number"],
        mandatory: true,
        display: en("Document number"),
      },
      { path: ["org.iso.18013.5.1", "expiry_date"], mandatory: true, display: en("Expiry date") },
    ],
    lifecycleStatus: "published",
    metadata: null,
  },
];
