import { isWalletLink } from "@credport/browser";

export interface TestWalletLinkProps {
  /** The emulator's test wallet page (`testWalletUrl`); nothing renders without one, or with a script URL. */
  href?: string | undefined;
  className?: string | undefined;
  children: string;
}

/**
 * "Open in test wallet": the Credport emulator's wallet page for this offer or request, present
 * in test environments only, so a developer can go through their own flow without a phone. It
 * opens in a new tab, standing in for the phone: this page keeps following the flow meanwhile.
 */
export function TestWalletLink({ href, className, children }: TestWalletLinkProps) {
  return isWalletLink(href) ? (
    <a href={href} className={className} target="_blank" rel="noopener">
      {children}
    </a>
  ) : null;
}
