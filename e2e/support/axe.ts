import type { Page } from '@playwright/test';
import axe from 'axe-core';

// Accessibility checks with axe-core: the WCAG 2.0 and 2.1 A and AA rules, in the page as it stands.

/** The rule sets every page is held to. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Impacts that fail a journey; moderate and minor ones are printed as a note only. */
const BLOCKING = new Set(['serious', 'critical']);

export interface AxeFinding {
  /** Where it was found: the view's name and language. */
  where: string;
  rule: string;
  impact: string;
  help: string;
  /** One line per element: its CSS selector and what axe says is wrong with it. */
  nodes: string[];
}

type AxeWindow = Window & { axe?: typeof axe };

/**
 * Runs axe on the page (or only on what `only` selects) and answers its serious and critical violations,
 * each with the selectors of the elements at fault, so that a failure names what to fix.
 *
 * axe is loaded into a document once and run there as often as needed: a single-page app keeps its
 * document from view to view, and loading axe's 560 KB again for each, plus a second page to merge the
 * results in (what @axe-core/playwright does), took most of the time of a check. The portal renders no
 * frames of its own, so frames are left out.
 */
export async function seriousViolations(page: Page, where: string, only?: string): Promise<AxeFinding[]> {
  // The pointer rests where nothing reacts to it, so a hover colour is never what gets measured.
  await page.mouse.move(0, 0);
  if (!(await page.evaluate(() => Boolean((window as AxeWindow).axe)))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    async ({ tags, only }) => {
      const runner = (window as AxeWindow).axe!;
      // Violations only: axe then skips collecting the passing and incomplete nodes, a good part of its time.
      const results = await runner.run(only ? { include: [only] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
        iframes: false,
      });
      return results.violations;
    },
    { tags: AXE_TAGS, only },
  );
  return violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => ({
      where,
      rule: violation.id,
      impact: violation.impact ?? '',
      help: `${violation.help} (${violation.helpUrl})`,
      nodes: violation.nodes.map(
        (node) =>
          `${node.target.map((part) => (Array.isArray(part) ? part.join(' >>> ') : part)).join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ').trim() ?? ''}`,
      ),
    }));
}

/** The findings as a readable report, one block per view and rule. */
export function formatFindings(findings: readonly AxeFinding[]): string {
  return findings
    .map(
      (finding) =>
        `[${finding.where}] ${finding.impact} ${finding.rule}: ${finding.help}\n${finding.nodes
          .map((node) => `    ${node}`)
          .join('\n')}`,
    )
    .join('\n');
}
