import { CredentialOfferQRCode, QRCode, VerificationQRCode } from "@credport/react";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

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

describe("the emulator's test wallet link", () => {
  const page = "http://127.0.0.1:4010/wallet?uri=openid4vp%3A%2F%2F%3Frequest_uri%3Dx";

  it('<VerificationQRCode> shows "Open in test wallet" beside the QR code when given one', () => {
    const { rerender } = render(
      <VerificationQRCode
        authorizationRequestUri="openid4vp://?request_uri=x"
        testWalletUrl={page}
        testWalletLinkClassName="test-wallet"
      />,
    );
    screen.getByRole("img", { name: "Scan with your wallet to verify" });
    const link = screen.getByRole("link", { name: "Open in test wallet" });
    expect(link.getAttribute("href")).toBe(page);
    expect(link.className).toBe("test-wallet");
    // A new tab stands in for the phone: the page with the QR code keeps following the flow.
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener");
    rerender(<VerificationQRCode authorizationRequestUri="openid4vp://?request_uri=x" />);
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("<CredentialOfferQRCode> shows it when the offer carries testWalletUrl, in your words", () => {
    const uri = "openid-credential-offer://?credential_offer_uri=a";
    render(
      <CredentialOfferQRCode
        offer={{ offerQrUri: uri, offerUri: uri, testWalletUrl: page }}
        testWalletLinkText="Try it in the browser"
      />,
    );
    expect(screen.getByRole("link", { name: "Try it in the browser" }).getAttribute("href")).toBe(
      page,
    );
    screen.getByRole("link", { name: "Open in your wallet" });
  });

  it("renders no link for anything but an http(s) URL", () => {
    render(
      <VerificationQRCode
        authorizationRequestUri="openid4vp://?request_uri=x"
        testWalletUrl="javascript:alert(1)"
      />,
    );
    expect(screen.queryByRole("link")).toBeNull();
  });
});
