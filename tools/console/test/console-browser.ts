import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import axe from 'axe-core';
import { chromium, type Browser, type Page } from 'playwright-core';

const run = promisify(execFile);

// Screenshots are CI artefacts (.ci/run keeps .ci-results/), read by a person.
export const SCREENSHOTS = join('.ci-results', 'console');

// Debian's chromium, installed by the project's script when missing (never skipped).
export async function launchBrowser(): Promise<Browser> {
  const { stdout } = await run('bash', ['tools/console/ensure-chromium.sh'], { timeout: 600_000 });
  // As root (CI), chromium refuses to start with its sandbox.
  return chromium.launch({ executablePath: stdout.trim(), args: ['--no-sandbox'] });
}

// The widths the console is checked at: a phone and a laptop.
export const PHONE = { width: 390, height: 844 };
export const LAPTOP = { width: 1440, height: 900 };

// Whether the page itself is wider than the window (a table may scroll inside its region).
export const scrollsSideways = (page: Page): Promise<boolean> =>
  page.evaluate<boolean>('document.documentElement.scrollWidth > window.innerWidth');

export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

interface Violation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
}

// axe-core's WCAG 2 A/AA rules on the page as it is now; the serious and critical findings.
// The script goes in through the DevTools protocol, which the page's CSP does not govern.
export async function seriousAccessibilityViolations(page: Page): Promise<Violation[]> {
  await page.evaluate(axe.source);
  // A string, as it runs in the page (whose globals this Node program's types do not know).
  const violations = await page.evaluate<Violation[]>(`
    axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } }).then((found) =>
      found.violations.map(({ id, impact, help }) => ({ id, impact: impact ?? null, help })),
    )`);
  return violations.filter(({ impact }) => impact === 'serious' || impact === 'critical');
}
