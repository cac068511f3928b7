import type { HolderFormat } from "./holder-format.js";
import { msoMdocHolderFormat } from "./mso-mdoc/mso-mdoc-holder-format.js";
import { sdJwtVcHolderFormat } from "./sd-jwt-vc/sd-jwt-vc-format.js";

/** Every format the test wallet holds: add a new one here. */
export const HOLDER_FORMATS: readonly HolderFormat[] = [sdJwtVcHolderFormat, msoMdocHolderFormat];

/** The format of an issuer configuration or a DCQL query (none named: SD-JWT VC), if held. */
export function holderFormatOf(id: unknown): HolderFormat | undefined {
  return HOLDER_FORMATS.find((format) => format.id === (id ?? sdJwtVcHolderFormat.id));
}
