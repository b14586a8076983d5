import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { expectEventually } from '@platform/test-support';
import type { Standalone } from '../../standalone/src/start-standalone.js';
import {
  LAPTOP,
  PHONE,
  screenshot,
  scrollsSideways,
  seriousAccessibilityViolations,
} from './console-browser.js';
import { type ConsoleSystem, startConsoleSystem } from './console-system.js';

const OPERATOR = 'Priya Ops';

// The operator view's partners, keys, KYB, KYC policy, disabled users, held transfers, refunds and
// merged audit log, on the whole standalone system in Debian's chromium: one system and one
// browser for the file.
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

  async function signedIn(path: string, viewport = LAPTOP): Promise<Page> {
    const page = await (await browser.newContext({ viewport, locale: 'en-US' })).newPage();
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

  it('creates a partner, issues and revokes its keys, sets its key quota and KYC policy, and the audit log names who did each', async () => {
    const page = await signedIn('/console/partners');
    const asked = confirmations(page);

    await page.getByLabel("New partner's name").fill('Operator Test Co');
    await page.getByRole('button', { name: 'Create partner' }).click();
    const firstKey = (await page.locator('.shown-once code').textContent())!;
    expect(firstKey).toMatch(/^pk_/);
    expect(await keyWorks(firstKey)).toBe(200);
    const row = page.getByRole('row').filter({ hasText: 'Operator Test Co' });
    // One active key; approved, as every partner not created pending.
    await row.getByText('approved').waitFor();
    await expect(row.textContent()).resolves.toMatch(/1approved$/);
    await screenshot(page, 'ops-partners');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'I have copied it' }).click();

    await row.getByRole('link', { name: 'Operator Test Co' }).click();
    await page.getByRole('heading', { name: 'Operator Test Co', level: 1 }).waitFor();
    await page.getByLabel('Name (optional, e.g. production server)').fill('billing server');
    await page.getByRole('button', { name: 'Issue key' }).click();
    const secondKey = (await page.locator('.shown-once code').textContent())!;
    expect(await keyWorks(secondKey)).toBe(200);
    await page.getByRole('button', { name: 'I have copied it' }).click();
    // Named, and unused until now: the gateway records a use up to a minute late.
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: secondKey.slice(0, 10) })
        .textContent(),
    ).resolves.toMatch(/billing server.* UTC(never|\d{4}-)/);
    await page.getByRole('button', { name: `Revoke ${firstKey.slice(0, 10)}` }).click();
    await page.getByText(/^revoked /).waitFor();
    expect(await keyWorks(firstKey)).toBe(401);
    await page.getByText('1 of 10 active keys allowed, the default quota.').waitFor();
    // A quota of one: the partner's one active key is all it may hold.
    await page.getByLabel('Key quota, active keys (blank: default)').fill('1');
    await page.getByRole('button', { name: 'Set key quota' }).click();
    await page.getByText('1 of 1 active keys allowed, a quota set by operations.').waitFor();
    await page.getByRole('button', { name: 'Issue key' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(
      /^The partner already has 1 active API keys, its quota: revoke one/,
    );

    // A threshold the service would refuse is explained before any confirmation is asked.
    const askedBefore = asked.length;
    await page.getByLabel('Mode').selectOption('threshold');
    await page.getByLabel('Threshold, USD (blank: default)').fill('1,000');
    await page.getByRole('button', { name: 'Set policy' }).click();
    await page
      .getByText('The threshold must be a plain amount such as 1000 or 0.25', { exact: false })
      .waitFor();
    expect(asked).toHaveLength(askedBefore);

    await page.getByLabel('Mode').selectOption('always');
    await page.getByRole('button', { name: 'Set policy' }).click();
    await page.getByText('Now: always').waitFor();
    const breb = page.getByRole('region', { name: 'Limits of BREB COP' });
    await breb.getByText('None of its users has a payout on this rail today.').waitFor();
    await screenshot(page, 'ops-partner');
    await expectAccessible(page);
    expect(asked).toEqual([
      'Create the partner Operator Test Co with a first API key?\n\nThis is recorded in the audit log.',
      'Issue a new API key named billing server for this partner?\n\nThis is recorded in the audit log.',
      `Revoke ${firstKey.slice(0, 10)}…? The partner's servers using it are refused from the next request.\n\nThis is recorded in the audit log.`,
      'Allow this partner at most 1 active API keys?\n\nThis is recorded in the audit log.',
      'Issue a new API key for this partner?\n\nThis is recorded in the audit log.',
      "Set this partner's KYC policy to always?\n\nThis is recorded in the audit log.",
    ]);

    await page.getByRole('link', { name: 'Audit log' }).click();
    const entries = page.getByRole('row').filter({ hasText: OPERATOR });
    await entries.nth(5).waitFor();
    const texts = await entries.allTextContents();
    expect(texts.map((text) => text.replace(/^.*?(Partners|KYC policy)/, '$1'))).toEqual([
      // Partners by name, with their id's start.
      expect.stringMatching(/^KYC policy.*set policy.*Operator Test Co \([\da-f]{8}\)mode: always/),
      expect.stringMatching(/^Partners.*set key quota.*10 \(default\) → 1/),
      expect.stringMatching(/^Partners.*revoke key.*Operator Test Co \([\da-f]{8}\)$/),
      expect.stringMatching(/^Partners.*issue key/),
      expect.stringMatching(/^Partners.*issue key/),
      expect.stringMatching(/^Partners.*create partner.*Operator Test Co/),
    ]);
    await screenshot(page, 'ops-audit-log-all-sources');
    await expectAccessible(page);
    await page.context().close();
  });

  it('creates a partner pending, sets its KYB and disables one of its users; the audit log shows both', async () => {
    const page = await signedIn('/console/partners');
    const asked = confirmations(page);

    await page.getByLabel("New partner's name").fill('Pending Test Co');
    await page.getByLabel('Create as pending (KYB)').check();
    await page.getByRole('button', { name: 'Create partner' }).click();
    await page.getByRole('button', { name: 'I have copied it' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Pending Test Co' });
    await row.getByText('pending (limit 100)').waitFor();

    await row.getByRole('link', { name: 'Pending Test Co' }).click();
    await page.getByText('Now: pending').waitFor();
    await page.getByLabel('Pending limit, source units (blank: default)').fill('250');
    await page.getByRole('button', { name: 'Set KYB' }).click();
    await page.getByText(/may add up to 250 units/).waitFor();
    await page.getByLabel("User id (the partner's user_id)").fill('user-7');
    await page.getByRole('button', { name: 'Disable user' }).click();
    await page.getByRole('button', { name: 'Enable user-7' }).waitFor();
    await screenshot(page, 'ops-partner-kyb-disabled-users');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Enable user-7' }).click();
    await page.getByText('No disabled user.').waitFor();
    expect(asked.slice(1).map((text) => text.split('\n')[0])).toEqual([
      "Set this partner's KYB to pending, limited to 250?",
      'Disable the user user-7? Its quotes, transactions and KYC are refused.',
      'Enable the user user-7 again?',
    ]);
    expect(asked[0]).toBe(
      'Create the partner Pending Test Co with a first API key, its KYB pending?\n\nThis is recorded in the audit log.',
    );

    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('row').filter({ hasText: 'from pending to pending, limit: 250' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'from approved to pending, limit: default' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'enable user' }).filter({ hasText: 'user-7' }).waitFor();
    await page.context().close();
  });

  it('refunds one held transfer and assigns another to its transaction, each after confirming', async () => {
    const ops = { 'Content-Type': 'application/json', 'X-OPS-API-KEY': opsApiKey };
    const post = async (path: string, body: object, headers: Record<string, string>) =>
      (await (
        await fetch(`${system.gatewayUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
      ).json()) as Record<string, string>;
    const { apiKey } = await post('/ops/partners', { name: 'Held Transfers Co' }, ops);
    const partner = { 'Content-Type': 'application/json', 'X-API-Key': apiKey! };
    const heldTransfer = async () => {
      const quote = await post(
        '/quote',
        {
          amount: 100000,
          crypto_currency: 'USDC',
          network: 'STELLAR',
          payment_method: 'BREB',
          target_currency: 'COP',
        },
        partner,
      );
      const { id } = await post(
        '/transaction',
        { quote_id: quote.quote_id, user_id: 'held-customer', account_number: '3001234567' },
        partner,
      );
      // Paid without the memo that names the transaction: held among the unmatched deposits.
      const paid = await consoleSystem.cli('sandbox', 'deposit', '--transaction-id', id!, '--no-memo');
      return { id: id!, onChainTx: paid['onChainTx'] as string };
    };
    const [refunded, assigned] = [await heldTransfer(), await heldTransfer()];
    const page = await signedIn('/console/deposits');
    const asked = confirmations(page);
    const rowOf = (onChainTx: string) => page.getByRole('row').filter({ hasText: onChainTx });
    await rowOf(refunded.onChainTx).waitFor({ timeout: 60_000 });
    await rowOf(assigned.onChainTx).waitFor({ timeout: 60_000 });
    // The actions stay in view at a laptop's width, and a phone shows a card per deposit.
    const refund = await page.getByRole('button', { name: `Refund ${refunded.onChainTx}` }).boundingBox();
    expect(refund!.x + refund!.width).toBeLessThanOrEqual(LAPTOP.width);
    await expect(scrollsSideways(page)).resolves.toBe(false);
    await page.setViewportSize(PHONE);
    await expect(scrollsSideways(page)).resolves.toBe(false);
    await screenshot(page, 'ops-held-transfers-phone');
    await page.setViewportSize(LAPTOP);
    const amount = (await rowOf(refunded.onChainTx).locator('td.amount').textContent())!;

    await page.getByRole('button', { name: `Refund ${refunded.onChainTx}` }).click();
    await page.getByRole('heading', { name: 'Refund a held transfer' }).waitFor();
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const refundedTo = page.getByRole('status').filter({ hasText: 'refunded to' });
    await refundedTo.waitFor();
    await expect(refundedTo.textContent()).resolves.toMatch(
      new RegExp(`^${amount} refunded to G\\w+ \\(requested\\)$`),
    );
    await rowOf(refunded.onChainTx).waitFor({ state: 'detached' });
    await screenshot(page, 'ops-held-transfer-refunded');
    await expectAccessible(page);

    await page.getByRole('button', { name: `Assign ${assigned.onChainTx} to a transaction` }).click();
    await page.getByLabel('Transaction it pays (id)').fill(assigned.id);
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `assigned to transaction ${assigned.id}: PROCESSING_PAYMENT` })
      .waitFor();
    await rowOf(assigned.onChainTx).waitFor({ state: 'detached' });

    expect(asked).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Refund ${amount} on STELLAR to its sender G\\w+\\?\n\nThis is recorded in the audit log\\.$`,
        ),
      ),
      `Assign ${amount} on STELLAR to transaction ${assigned.id}?\n\nThis is recorded in the audit log.`,
    ]);
    // chain-watchers sends the refund from the sandbox treasury: it no longer waits, nor failed.
    const refunds = async (status: string) =>
      (await (
        await fetch(`${system.gatewayUrl}/ops/refunds?status=${status}&pageSize=100`, { headers: ops })
      ).json()) as { refunds: Array<{ transactionId: string | null; reason: string }> };
    await expectEventually(
      async () => {
        const open = [...(await refunds('REQUESTED')).refunds, ...(await refunds('FAILED')).refunds];
        expect(open.filter(({ reason }) => reason === 'UNMATCHED')).toEqual([]);
      },
      { timeoutMs: 60_000 },
    );

    await page.getByRole('link', { name: 'Audit log' }).click();
    const held = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Held transfers', exact: true }) });
    await held.nth(1).waitFor();
    const texts = await held.allTextContents();
    expect(texts.map((text) => text.replace(/^.*?Held transfers/, ''))).toEqual([
      expect.stringMatching(new RegExp(`^${OPERATOR}assign: resolved.*to ${assigned.id}`)),
      expect.stringMatching(new RegExp(`^${OPERATOR}refund: resolved.*to G\\w+`)),
    ]);
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
