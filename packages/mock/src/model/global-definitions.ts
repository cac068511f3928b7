import type { DefinitionRecord } from "./records/definition-record.js";

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
];
