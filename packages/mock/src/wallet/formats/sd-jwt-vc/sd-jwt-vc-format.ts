import type { HolderFormat } from "../holder-format.js";
import { fitsQuery, holdSdJwtVc, presentSdJwtVc, queriedTypes } from "./sd-jwt-vc-holder.js";

/** SD-JWT VC (`dc+sd-jwt`) in the wallet. */
export const sdJwtVcHolderFormat: HolderFormat = {
  id: "dc+sd-jwt",
  hold: holdSdJwtVc,
  queriedTypes,
  fits: (credential, query) => credential.format === "dc+sd-jwt" && fitsQuery(credential, query),
  present: async (credential, options) => {
    if (credential.format !== "dc+sd-jwt") throw new TypeError("test wallet: not an SD-JWT VC");
    return presentSdJwtVc(credential, options);
  },
};
