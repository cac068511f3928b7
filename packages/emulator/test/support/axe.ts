import { createRequire } from "node:module";
import type { Page } from "playwright-core";

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

const axeSource = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/**
 * axe-core in the page, as it is now: the serious and critical violations. The page's context
 * needs `bypassCSP: true` (the emulator's pages allow their own scripts only).
 */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: { run(context: Document): Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map((n) => ({ target: n.target })),
    }));
}
