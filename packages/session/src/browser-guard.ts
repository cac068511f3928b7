/**
 * What a browser bundle gets instead of this package (the `browser` export condition; worker
 * runtimes match `workerd`, `worker` or `edge-light` first and get the real entry). The session
 * package holds the secret key and the session secret: it must never reach a page.
 */
throw new Error(
  "@credport/session runs on your server: it reads CREDPORT_SECRET_KEY and CREDPORT_SESSION_SECRET. A browser bundle imported it — import it from server code only, and use @credport/react or @credport/browser in the page.",
);
