// One mock service for the handler-level tests of every adapter: @credport/session's, which these
// routes run on.
export * from "../../../session/test/support/mock-service.js";
