/** Replaced at build time with the package version. */
export const VERSION: string =
  typeof __CREDPORT_VERSION__ === "string" ? __CREDPORT_VERSION__ : "0.0.0";
declare const __CREDPORT_VERSION__: string | undefined;
