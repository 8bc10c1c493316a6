import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Lets finite transitions (dialogs opening, toasts sliding in) settle: colours read mid-fade are
 * not the colours a person sees. Endless ones (spinners, skeleton shimmer) are left running.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
    await Promise.race([
      Promise.allSettled(finite.map((animation) => animation.finished)),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]);
  });
}

function describeViolation(violation: Violation): string {
  const nodes = violation.nodes.map((node) => {
    const selector = node.target.map(String).join(' >>> ');
    const reason = node.failureSummary?.split('\n').slice(1).join(' ').trim();
    return `    ${selector}${reason ? `\n      ${reason}` : ''}`;
  });
  return [`  ${violation.id} (${violation.impact}): ${violation.help} ${violation.helpUrl}`, ...nodes].join(
    '\n',
  );
}

/** The serious and critical findings on the page as it is now, empty when there are none. */
export async function accessibilityViolations(page: Page): Promise<Violation[]> {
  await settleAnimations(page);
  // Legacy mode runs in the page itself; the default one opens a second tab to merge frame
  // results, which takes focus and visibility away from the screen under test.
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return results.violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''));
}

/** Fails with every serious or critical finding: rule, impact and the offending elements. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const violations = await accessibilityViolations(page);
  if (violations.length === 0) return;
  throw new Error(
    `Accessibility violations on ${screen} (${page.url()}):\n${violations.map(describeViolation).join('\n')}`,
  );
}
