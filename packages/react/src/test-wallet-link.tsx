/** Whether a link is safe to render as an `href`: the emulator's wallet page is always http(s). */
const WEB_URL = /^https?:\/\//i;

export interface TestWalletLinkProps {
  /** The emulator's test wallet page (`testWalletUrl`); nothing renders without one. */
  href?: string | undefined;
  className?: string | undefined;
  children: string;
}

/**
 * "Open in test wallet": the Credport emulator's wallet page for this offer or request, present
 * in test environments only, so a developer can go through their own flow without a phone.
 */
export function TestWalletLink({ href, className, children }: TestWalletLinkProps) {
  return href && WEB_URL.test(href) ? (
    <a href={href} className={className}>
      {children}
    </a>
  ) : null;
}
