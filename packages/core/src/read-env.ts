/**
 * An environment variable, or `undefined` where there is none to read: edge runtimes and browsers
 * may have no `process`, or a shim of one without `env`. Read by name at call time, so bundlers do
 * not inline a build-time value.
 */
export function readEnv(name: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> | null } })
    .process?.env;
  return env?.[name] ?? undefined;
}
