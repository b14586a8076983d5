import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import type { Standalone } from '../../standalone/src/start-standalone.js';
import { screenshot, seriousAccessibilityViolations } from './console-browser.js';
import { type ConsoleSystem, startConsoleSystem } from './console-system.js';

const OPERATOR = 'Priya Ops';

// The operator view's partners, keys, KYC policy, refunds and merged audit log, on the whole
// standalone system in Debian's chromium: one system and one browser for the file.
describe('web console, operator view', () => {
  let consoleSystem: ConsoleSystem;
  let system: Standalone;
  let browser: Browser;
  let opsApiKey: string;

  beforeAll(async () => {
    consoleSystem = await startConsoleSystem('console-operator');
    ({ system, browser, opsApiKey } = consoleSystem);
  }, 600_000);

  afterAll(async () => {
    await consoleSystem?.stop();
  });

  async function signedIn(path: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
    const page = await (await browser.newContext({ viewport })).newPage();
    await page.goto(`${system.gatewayUrl}${path}`);
    await page.getByLabel('Operator').check();
    await page.getByLabel('Your name (recorded with every change)').fill(OPERATOR);
    await page.getByLabel('Ops key').fill(opsApiKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    return page;
  }

  // Accepts every confirmation, keeping what it asked.
  const confirmations = (page: Page) => {
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.accept();
    });
    return asked;
  };

  const expectAccessible = async (page: Page) =>
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  const keyWorks = async (key: string) =>
    (await fetch(`${system.gatewayUrl}/partner`, { headers: { 'X-API-Key': key } })).status;

  it('creates a partner, issues and revokes its keys, sets its KYC policy, and the audit log names who did each', async () => {
    const page = await signedIn('/console/partners');
    const asked = confirmations(page);

    await page.getByLabel("New partner's name").fill('Operator Test Co');
    await page.getByRole('button', { name: 'Create partner' }).click();
    const firstKey = (await page.locator('.shown-once code').textContent())!;
    expect(firstKey).toMatch(/^pk_/);
    expect(await keyWorks(firstKey)).toBe(200);
    const row = page.getByRole('row').filter({ hasText: 'Operator Test Co' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toMatch(/1$/);
    await screenshot(page, 'ops-partners');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'I have copied it' }).click();

    await row.getByRole('link', { name: 'Operator Test Co' }).click();
    await page.getByRole('heading', { name: 'Operator Test Co', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Issue key' }).click();
    const secondKey = (await page.locator('.shown-once code').textContent())!;
    expect(await keyWorks(secondKey)).toBe(200);
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await page.getByRole('button', { name: `Revoke ${firstKey.slice(0, 10)}` }).click();
    await page.getByText(/^revoked /).waitFor();
    expect(await keyWorks(firstKey)).toBe(401);

    await page.getByLabel('Mode').selectOption('always');
    await page.getByRole('button', { name: 'Set policy' }).click();
    await page.getByText('Now: always').waitFor();
    await screenshot(page, 'ops-partner');
    await expectAccessible(page);
    expect(asked).toEqual([
      'Create the partner Operator Test Co with a first API key?\n\nThis is recorded in the audit log.',
      'Issue a new API key for this partner?\n\nThis is recorded in the audit log.',
      `Revoke ${firstKey.slice(0, 10)}…? The partner's servers using it are refused from the next request.\n\nThis is recorded in the audit log.`,
      "Set this partner's KYC policy to always?\n\nThis is recorded in the audit log.",
    ]);

    await page.getByRole('link', { name: 'Audit log' }).click();
    const entries = page.getByRole('row').filter({ hasText: OPERATOR });
    await entries.nth(3).waitFor();
    const texts = await entries.allTextContents();
    expect(texts.map((text) => text.replace(/^.*?(Partners|KYC policy)/, '$1'))).toEqual([
      expect.stringMatching(/^KYC policy.*set policy.*mode: always/),
      expect.stringMatching(/^Partners.*revoke key/),
      expect.stringMatching(/^Partners.*issue key/),
      expect.stringMatching(/^Partners.*issue key/),
      expect.stringMatching(/^Partners.*create partner.*Operator Test Co/),
    ]);
    await screenshot(page, 'ops-audit-log-all-sources');
    await expectAccessible(page);
    await page.context().close();
  });

  it('shows refunds needing attention, failed or waiting', async () => {
    const page = await signedIn('/console/refunds');
    await page.getByRole('heading', { name: 'Refunds needing attention' }).waitFor();
    await page.getByText(/No refund failed|refunds?, newest first/).waitFor();
    await page.getByLabel('Show').selectOption('REQUESTED');
    await page.getByText(/No refund is waiting|refunds?, newest first/).waitFor();
    await screenshot(page, 'ops-refunds');
    await expectAccessible(page);
    await page.context().close();
  });

  it('keeps the partners view usable at phone width', async () => {
    const page = await signedIn('/console/partners', { width: 390, height: 844 });
    await page.getByRole('region', { name: 'Partners table' }).waitFor();
    // The page itself never scrolls sideways: wide tables scroll in their own region.
    expect(await page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth')).toBe(
      true,
    );
    await screenshot(page, 'ops-partners-phone');
    await expectAccessible(page);
    await page.context().close();
  });

  it('pages through the partners, fifty a page', async () => {
    const existing = (await (
      await fetch(`${system.gatewayUrl}/ops/partners`, { headers: { 'X-OPS-API-KEY': opsApiKey } })
    ).json()) as { total: number };
    for (let index = existing.total; index <= 50; index += 1) {
      const created = await fetch(`${system.gatewayUrl}/ops/partners`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-OPS-API-KEY': opsApiKey },
        body: JSON.stringify({ name: `Paged partner ${index}` }),
      });
      expect(created.status).toBe(201);
    }
    const page = await signedIn('/console/partners');
    const pages = page.getByRole('navigation', { name: 'Pages' });

    await pages.getByText('Page 1 of 2').waitFor();
    expect(await page.getByRole('region', { name: 'Partners table' }).locator('tbody tr').count()).toBe(50);
    await pages.getByRole('button', { name: 'Next' }).click();
    await pages.getByText('Page 2 of 2').waitFor();
    expect(await pages.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await expectAccessible(page);
    await page.context().close();
  });
});
