import type * as Schemas from "./contract-schemas.js";

type WireContract = typeof Schemas;

let loaded: WireContract | undefined;
let loading: Promise<WireContract> | undefined;

/**
 * The wire contract, loaded by the first call that needs it rather than at import: building its zod
 * schemas costs ~15 ms of CPU, which an import that never makes a call (or a cold start that ends
 * before its first one) should not pay. Every public method awaits it before anything else.
 */
export function loadContract(): Promise<WireContract> {
  loading ??= import("./contract-schemas.js").then((module) => {
    loaded = module;
    return module;
  });
  return loading;
}

/** The contract, once `loadContract()` has resolved (the helpers below every public method use it). */
export function contract(): WireContract {
  if (!loaded) throw new Error("credport: the wire contract was used before loadContract()");
  return loaded;
}
