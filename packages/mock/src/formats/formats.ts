import type { CredentialFormat } from "./credential-format.js";
import { msoMdocFormat } from "./mso-mdoc/mso-mdoc-format.js";
import { sdJwtVcFormat } from "./sd-jwt-vc/sd-jwt-vc-format.js";

/** Every credential format the mock issues and verifies: add a new one here. */
export const CREDENTIAL_FORMATS: readonly CredentialFormat[] = [sdJwtVcFormat, msoMdocFormat];

/**
 * The format of a definition, an issuance's copy of one or a policy: the one it names, or SD-JWT VC
 * for records that name none (issuances and policies keep no format: every one so far is SD-JWT
 * VC). `undefined` for a format the mock does not speak.
 */
export function credentialFormatOf(record: object): CredentialFormat | undefined {
  const id = "format" in record ? record.format : sdJwtVcFormat.id;
  return CREDENTIAL_FORMATS.find((format) => format.id === id);
}

/** {@link credentialFormatOf} for a record the service accepted, whose format it must speak. */
export function requireCredentialFormatOf(record: object): CredentialFormat {
  const format = credentialFormatOf(record);
  if (!format) throw new Error("a record names a credential format the mock does not speak");
  return format;
}
