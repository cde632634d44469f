/**
 * Helpers of the accessibility and theme tests in Chromium: the SPA's routes read from
 * src/web/app/routes.tsx, axe-core run in a page, and keyboard-only moves.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from './support';

/** The source of axe-core, injected into pages (a test-only dependency). */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Every page of the route table (src/web/app/routes.tsx `pageRoutes`) as a URL path: `/`, each
 * `path:` but the catch-all and redirects, and an unknown path for the catch-all's page.
 */
export function routePaths(): string[] {
  const source = readFileSync(path.join(ROOT, 'src/web/app/routes.tsx'), 'utf8');
  const table = source.slice(
    source.indexOf('export const pageRoutes'),
    source.indexOf('export function buildRoutes'),
  );
  const paths = ['/'];
  for (const [, route, redirect] of table.matchAll(/path: '([^']+)',\s*element: (<Navigate)?/g)) {
    if (route === '*') paths.push('/no-such-page');
    else if (!redirect) paths.push(`/${route}`);
  }
  return paths;
}

/** A serious or critical axe violation: its rule, impact and the first offending elements. */
export interface Violation {
  id: string;
  impact: string;
  targets: string[];
  /** axe's explanation for the first element (colours and ratio for a contrast failure). */
  summary: string;
}

/** Runs axe-core (WCAG 2 A/AA rules and best practices) on `page`; serious and critical only. */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    type Result = {
      id: string;
      impact?: string;
      nodes: { target: unknown[]; failureSummary?: string }[];
    };
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: Result[] }> } }).axe;
    const { violations } = await axe.run();
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? '',
        targets: violation.nodes.slice(0, 3).map((node) => String(node.target[0])),
        summary: violation.nodes[0]?.failureSummary ?? '',
      }));
  });
}

/** The focused element's accessible description: its aria-label, label text or text. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return '';
    const labelled = element.getAttribute('aria-label');
    if (labelled) return labelled;
    const input = element as HTMLInputElement;
    const label = input.labels?.[0]?.textContent;
    return (label ?? element.textContent ?? '').trim();
  });
}

/**
 * Presses Tab (Shift+Tab when `backwards`) until the focused element's name matches `name`
 * (at most `limit` presses). @throws when it never does.
 */
export async function tabTo(
  page: Page,
  name: RegExp,
  { limit = 80, backwards = false }: { limit?: number; backwards?: boolean } = {},
): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    if (name.test(await focusedName(page))) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`no focusable element named ${name} within ${limit} Tab presses`);
}

/** Computed style `property` of the first element matching `selector`. */
export function computed(page: Page, selector: string, property: string): Promise<string> {
  return page.evaluate(
    ([sel, prop]) => {
      const element = document.querySelector(sel);
      return element ? getComputedStyle(element).getPropertyValue(prop) : '';
    },
    [selector, property],
  );
}

/** `#rrggbb` as the `rgb(r, g, b)` string getComputedStyle answers. */
export function rgb(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgb(${value >> 16}, ${(value >> 8) & 255}, ${value & 255})`;
}
