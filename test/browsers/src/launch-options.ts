export interface LaunchOptions {
  /**
   * `host:port` of an HTTP proxy for every origin but loopback: lets a test serve a page from a
   * made-up, non-secure origin (see `startInsecureOriginProxy`).
   */
  proxy?: string;
}
