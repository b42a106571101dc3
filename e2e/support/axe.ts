import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

export interface AxeOptions {
  /** Limit the check to part of the page (a CSS selector). */
  include?: string;
  /** axe rule ids to leave out, each with a reason in the calling test. */
  disableRules?: string[];
}

/**
 * Runs axe-core (WCAG 2.x A/AA and best-practice rules) in the page and fails on any
 * serious or critical violation, printing each with the elements it concerns.
 * Minor and moderate findings are printed but do not fail the test.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  options: AxeOptions = {},
): Promise<AxeViolation[]> {
  // A dialog or drawer still animating open or closed is measured mid-scale (6 px buttons,
  // a title already gone): wait for short animations (a modal's ≤ 1 s motion) to settle.
  // Spinners and long attention animations (a fresh nurse call's pulse) are left running.
  await page
    .waitForFunction(
      () =>
        document.getAnimations().every((a) => {
          if (a.playState !== 'running') return true;
          const end = Number(a.effect?.getComputedTiming().endTime ?? Infinity);
          return !Number.isFinite(end) || end > 2_000;
        }),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  // Evaluated through the DevTools protocol: an injected <script> would be refused by the
  // server's Content-Security-Policy (script-src 'self'), which the tests must keep on.
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(async ({ include, disableRules }) => {
    const axe = (
      window as unknown as {
        axe: { run: (context: unknown, options: unknown) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    const rules = Object.fromEntries((disableRules ?? []).map((id: string) => [id, { enabled: false }]));
    const result = await axe.run(include ? { include: [include] } : document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      },
      rules,
      resultTypes: ['violations'],
    });
    return result.violations;
  }, options)) as AxeViolation[];

  const report = violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map(
          (n) =>
            `      ${JSON.stringify(n.target)} ${n.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''}`,
        )
        .join('\n');
      return `  [${v.impact ?? 'unknown'}] ${v.id}: ${v.help} (${v.nodes.length}×) ${v.helpUrl}\n${nodes}`;
    })
    .join('\n');
  if (report) process.stdout.write(`axe findings on ${page.url()}:\n${report}\n`);
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id} (${v.impact}): ${v.help}`),
    `serious accessibility violations on ${page.url()}`,
  ).toEqual([]);
  return violations;
}
