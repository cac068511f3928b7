import { html, type SafeHtml } from "../face/html.js";

export interface Row {
  /** Keeps the row open across live refreshes. */
  key: string;
  cells: SafeHtml[];
  /** Shown full width when the row is opened. */
  body: SafeHtml;
}

/**
 * A list of rows that open in place: each row is a `<details>` whose summary lays out its cells
 * under the column labels, and whose body spans the whole width.
 */
export function rowList(layout: string, labels: string[], rows: Row[], label: string): SafeHtml {
  return html`<div class="rows ${layout}">
  <div class="rows-head" aria-hidden="true">${labels.map((l) => html`<span>${l}</span>`)}</div>
  <ul class="row-items" aria-label="${label}">${rows.map(
    (row) => html`<li><details class="row" data-key="${row.key}">
    <summary class="row-summary">${row.cells.map((cell) => html`<span class="cell">${cell}</span>`)}</summary>
    <div class="row-body">${row.body}</div>
  </details></li>`,
  )}</ul>
</div>`;
}
