export interface LaunchOptions {
  /**
   * `host:port` of an HTTP proxy: lets a test serve a page from a made-up, non-secure origin (see
   * `startInsecureOriginProxy`). Chromium and Firefox reach loopback directly; WebKit sends it
   * through the proxy too (webkit.ts says why), which forwards it to the same loopback server.
   */
  proxy?: string;
}
