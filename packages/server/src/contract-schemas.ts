// What the client takes from the wire contract, loaded by `loadContract()` with the first call.
// Named imports, so that bundlers keep only these schemas (an import() of the whole contract
// module would keep all of it, the OpenAPI generator included).
export {
  describeFirstIssue,
  ISSUANCE_EVENT_TYPES,
  isPlainObject,
  issuanceEvent,
  // A short name: the bundle keeps each export's name, and the edge bundle's budget is tight.
  OPERATION_SCHEMAS as schemasById,
  resourceId,
  VERIFICATION_EVENT_TYPES,
  verificationEvent,
} from "@credport/core/contract";
