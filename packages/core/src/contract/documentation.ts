import * as z from "zod/mini";
import {
  createCredentialDefinitionBody,
  credentialDefinition,
  credentialDefinitionList,
  updateCredentialDefinitionBody,
} from "./credential-definitions.js";
import { errorBody } from "./error-body.js";
import { FAILURE_CHECKS, TIMELINE_STEPS } from "./failure-checks.js";
import { failureDetail, timeline, timelineDetail, timelineEntry } from "./failure-detail.js";
import {
  createOfferBody,
  issuanceList,
  issuanceOffer,
  issuanceSession,
  txCodeLength,
} from "./issuance.js";
import {
  CLAIM_VALUE_LIMITS,
  DEFINITION_METADATA_LIMITS,
  definitionMetadata,
  definitionRendering,
  offerClaims,
} from "./json-limits.js";
import { listCursor, listLimit } from "./lists.js";
import {
  createPolicyBody,
  FIELD_VALUES_LIMITS,
  fieldValue,
  fieldValueRead,
  fieldValues,
  policy,
  policyList,
} from "./policies.js";
import { jsonObject, STRING_MAP_LIMITS, stringMap, testWalletLink, timestamp } from "./rules.js";
import {
  createdVerification,
  createVerificationBody,
  FAILURE_CODES,
  failureCode,
  jwks,
  verification,
  verificationList,
  verificationResult,
  verificationStatus,
} from "./verifications.js";
import { eventCreated, issuanceEvent, verificationEvent } from "./webhook-events.js";

/**
 * What the OpenAPI document says beyond what the schemas express, and the names of the schemas in
 * `components.schemas`. Kept here, apart from the schemas, so that it reaches no client bundle.
 */
export function documentation() {
  const docs = z.registry<{ id?: string } & Record<string, unknown>>();
  const named: [string, z.ZodMiniType][] = [
    ["Error", errorBody],
    ["CreateCredentialDefinitionBody", createCredentialDefinitionBody],
    ["UpdateCredentialDefinitionBody", updateCredentialDefinitionBody],
    ["CredentialDefinition", credentialDefinition],
    ["CredentialDefinitionList", credentialDefinitionList],
    ["CreateOfferBody", createOfferBody],
    ["IssuanceSession", issuanceSession],
    ["IssuanceOffer", issuanceOffer],
    ["IssuanceSessionList", issuanceList],
    ["CreatePolicyBody", createPolicyBody],
    ["Policy", policy],
    ["PolicyList", policyList],
    ["CreateVerificationBody", createVerificationBody],
    ["Verification", verification],
    ["CreatedVerification", createdVerification],
    ["VerificationStatus", verificationStatus],
    ["VerificationResult", verificationResult],
    ["VerificationList", verificationList],
    ["JsonWebKeySet", jwks],
    ["FailureDetail", failureDetail],
    ["Timeline", timeline],
    // Discriminated on `type`; built here only, so that no client bundle carries a union parser.
    ["WebhookEvent", z.discriminatedUnion("type", [issuanceEvent, verificationEvent])],
  ];
  for (const [id, schema] of named) docs.add(schema, { id });

  const exactlyOne = (first: string, second: string) =>
    `Send exactly one of \`${first}\` and \`${second}\`.`;
  docs.add(createOfferBody, {
    id: "CreateOfferBody",
    description: exactlyOne("credentialDefinitionId", "vct"),
  });
  docs.add(createPolicyBody, {
    id: "CreatePolicyBody",
    description: exactlyOne("credential_definition_id", "vct"),
  });
  docs.add(fieldValues, {
    description:
      "Optional: the values this field must have (DCQL claims query `values`). The request asks the wallet for a matching claim; a presented value equal to none of them (same type and value) fails the verification with `claims_not_satisfied`.",
  });
  docs.add(fieldValue, {
    anyOf: [
      { type: "string", maxLength: FIELD_VALUES_LIMITS.stringLength },
      { type: "integer", minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER },
      { type: "boolean" },
    ],
  });
  docs.add(fieldValueRead, { type: ["string", "number", "boolean"] });
  docs.add(timestamp, { format: "date-time" });
  docs.add(testWalletLink, {
    format: "uri",
    description:
      "Test environments of the Credport emulator only: its test wallet page (`/wallet?uri=…`) for this hand-off, to open in a browser instead of scanning. Never sent for live keys, nor by the service itself.",
  });
  docs.add(jsonObject, { type: "object" });
  docs.add(failureCode, {
    examples: [...FAILURE_CODES],
    description: "Only when the status is `failed`. Accept values you do not know.",
  });
  docs.add(failureDetail, {
    id: "FailureDetail",
    description:
      "Only when the status is `failed`, on server reads (never the browser's status read or realtime events): `check` says which rule failed, `path` the claim concerned, `message` what was expected. Never a claim value, key, token or personal data.",
  });
  docs.add(failureDetail.shape.check, {
    type: "string",
    examples: [...FAILURE_CHECKS],
    description: "One word of a documented list. Accept words you do not know.",
  });
  docs.add(timelineDetail, {
    type: "object",
    additionalProperties: { type: ["string", "number", "boolean"] },
    description: "The step's particulars (a check's outcome, a webhook attempt's HTTP status, …).",
  });
  docs.add(timelineEntry.shape.step, {
    type: "string",
    examples: [...TIMELINE_STEPS],
    description: "Accept steps you do not know.",
  });
  docs.add(eventCreated, { type: "number" });
  docs.add(txCodeLength, { type: "integer", minimum: 4, maximum: 8 });
  docs.add(listLimit, { type: "integer", minimum: 1, maximum: 100, default: 20 });
  docs.add(listCursor, { description: "`nextCursor` / `next_cursor` of the previous page." });
  docs.add(stringMap, {
    type: "object",
    maxProperties: STRING_MAP_LIMITS.entries,
    additionalProperties: { type: "string", maxLength: STRING_MAP_LIMITS.valueLength },
    description: `String-to-string map: at most ${STRING_MAP_LIMITS.entries} entries, values at most ${STRING_MAP_LIMITS.valueLength} characters.`,
  });
  const m = DEFINITION_METADATA_LIMITS;
  docs.add(definitionMetadata, {
    description: `Management metadata, any JSON value, never shown to wallets. Limits: ${m.depth} nested objects or arrays, ${m.nodes} values in total, ${m.entries} entries per object or array, ${m.stringLength} characters per string, no \`__proto__\`, \`constructor\` or \`prototype\` keys.`,
  });
  docs.add(definitionRendering, {
    type: "object",
    description: "Wallet-visible appearance; the same limits as metadata.",
  });
  const c = CLAIM_VALUE_LIMITS;
  docs.add(offerClaims, {
    type: "object",
    additionalProperties: true,
    description: `Nested objects following the definition's claim paths; leaves are strings (at most ${c.stringLength} characters, ${c.totalStringLength} together), finite numbers or booleans; at most ${c.depth} levels and ${c.nodes} values.`,
  });
  return { docs, named };
}
