import { CredentialOfferQRCode, QRCode } from "@credport/react";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, it } from "vitest";

afterEach(cleanup);

it("renders an accessible SVG QR code that users can style", () => {
  render(
    <QRCode value="openid4vp://?request_uri=x" label="Scan me" className="mine" width={128} />,
  );
  const svg = screen.getByRole("img", { name: "Scan me" });
  expect(svg.getAttribute("class")).toBe("mine");
  expect(svg.getAttribute("width")).toBe("128");
  expect(svg.querySelector("path")!.getAttribute("fill")).toBe("currentColor");
  expect(svg.getAttribute("style")).toBeNull();
});

it("shows a credential offer as a QR code and a wallet link for mobile", () => {
  const offer = {
    offerQrUri: "openid-credential-offer://?credential_offer_uri=a",
    offerUri: "openid-credential-offer://?credential_offer_uri=a",
  };
  render(<CredentialOfferQRCode offer={offer} />);
  expect(
    screen.getByRole("img", { name: "Scan with your wallet to receive the credential" }),
  ).toBeTruthy();
  expect(screen.getByRole("link", { name: "Open in your wallet" }).getAttribute("href")).toBe(
    offer.offerUri,
  );
});

it("encodes different values differently", () => {
  const { container, rerender } = render(<QRCode value="a" label="q" />);
  const first = container.querySelector("path")!.getAttribute("d");
  rerender(<QRCode value="b" label="q" />);
  expect(container.querySelector("path")!.getAttribute("d")).not.toBe(first);
});
