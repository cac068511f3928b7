/** A DCQL credential query (OpenID4VP 1.0 §6.1), as far as the wallet reads it. */
export interface CredentialQuery {
  id: string;
  format?: string;
  /** Format-specific: SD-JWT VC's `vct_values`, mdoc's `doctype_value`. */
  meta?: Record<string, unknown>;
  claims?: { path: string[] }[];
}
