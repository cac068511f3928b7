/** What the wallet reads of a credential configuration in the issuer metadata. */
export interface ConfigurationMetadata {
  format?: unknown;
  vct?: unknown;
  scope?: unknown;
  credential_metadata?: {
    display?: unknown;
    claims?: { path: string[]; mandatory?: boolean; display?: unknown }[];
  };
}

/** The first `name` of an OpenID4VCI `display` array. */
export function displayName(display: unknown): string | undefined {
  if (!Array.isArray(display)) return undefined;
  const name = (display as { name?: unknown }[]).find((d) => typeof d?.name === "string")?.name;
  return name as string | undefined;
}
