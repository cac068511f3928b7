import { renderSVG } from "uqr";
import { html, type SafeHtml, trusted } from "../face/html.js";

/** A QR code of a hand-off URI as inline SVG, for a phone wallet that reaches the emulator. */
export function qrCode(uri: string, label: string): SafeHtml {
  const svg = renderSVG(uri, { border: 1, pixelSize: 4 }).replace(
    "<svg ",
    '<svg aria-hidden="true" focusable="false" ',
  );
  return html`<div class="qr" role="img" aria-label="${label}">${trusted(svg)}</div>`;
}
