import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Dialog, Page } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { DataSource } from 'typeorm';
import { expectEventually } from '@platform/test-support';
import type { DepositTarget } from '../../sandbox/src/deposits/sandbox-deposit.js';
import type { Standalone } from '../../standalone/src/start-standalone.js';
import {
  LAPTOP,
  PHONE,
  screenshot,
  scrollsSideways,
  seriousAccessibilityViolations,
} from './console-browser.js';
import { type ConsoleSystem, startConsoleSystem } from './console-system.js';

// The fields of a transaction's timeline this suite reads.
interface TimelineAnswer {
  readonly transaction: { readonly status: string };
  readonly refunds: ReadonlyArray<{ readonly reason: string; readonly status: string }>;
}

// An amount as a whole number of millionths (the API's amounts have at most six decimals), so
// sums are exact.
const millionths = (amount: string): bigint => {
  const [whole, fraction = ''] = amount.split('.');
  return BigInt(whole!) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
};

// The web console on the whole standalone system, in Debian's chromium: one system and one
// browser for the file, a fresh browser context (no shared memory) per test.
describe('web console', () => {
  let consoleSystem: ConsoleSystem;
  let system: Standalone;
  let browser: Browser;
  let context: BrowserContext;
  let apiKey: string;
  let opsApiKey: string;
  let transactionId: string;
  // Paid from the console by the transaction test; the sandbox route's refusals reuse it.
  let paidTransactionId: string;
  // Content-Security-Policy refusals the page reported: the bundle must need no exception.
  const refusals: string[] = [];

  const api = async (path: string, init: { method?: string; body?: object; headers: object }) => {
    const response = await fetch(`${system.gatewayUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: { 'Content-Type': 'application/json', ...init.headers },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    });
    expect(response.ok).toBe(true);
    return (await response.json()) as Record<string, string>;
  };

  beforeAll(async () => {
    consoleSystem = await startConsoleSystem('console');
    ({ system, browser, opsApiKey } = consoleSystem);
    apiKey = (
      await api('/ops/partners', {
        method: 'POST',
        body: { name: 'Console Co' },
        headers: { 'X-OPS-API-KEY': opsApiKey },
      })
    ).apiKey!;
    const partner = { 'X-API-Key': apiKey };
    const quote = await api('/quote', {
      method: 'POST',
      headers: partner,
      body: {
        amount: 400000,
        crypto_currency: 'USDC',
        network: 'STELLAR',
        payment_method: 'BREB',
        target_currency: 'COP',
      },
    });
    transactionId = (
      await api('/transaction', {
        method: 'POST',
        headers: partner,
        body: { quote_id: quote.quote_id, user_id: 'console-customer', account_number: '3001234567' },
      })
    ).id!;
  }, 600_000);

  afterAll(async () => {
    await consoleSystem?.stop();
  });

  // en-US groups as the assertions expect; São Paulo is three hours from UTC, so a time in the
  // browser's own zone is told apart from UTC.
  async function openConsole(path = '/console', viewport = LAPTOP): Promise<Page> {
    context = await browser.newContext({ viewport, locale: 'en-US', timezoneId: 'America/Sao_Paulo' });
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) refusals.push(message.text());
    });
    await page.goto(`${system.gatewayUrl}${path}`);
    return page;
  }

  async function signIn(page: Page, key: string) {
    await page.getByLabel('API key', { exact: true }).fill(key);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  describe('served by the gateway', () => {
    it('answers the page with its security headers, never cached stale', async () => {
      const response = await fetch(`${system.gatewayUrl}/console`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(response.headers.get('content-security-policy')).not.toContain('unsafe-inline');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const html = await response.text();
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);

      const again = await fetch(`${system.gatewayUrl}/console`, {
        headers: { 'If-None-Match': response.headers.get('etag')! },
      });
      expect(again.status).toBe(304);
    });

    it('answers its pages with the app (deep links) and its hashed assets as immutable', async () => {
      const deepLink = await fetch(`${system.gatewayUrl}/console/transactions/${transactionId}`);
      expect(deepLink.status).toBe(200);
      const html = await deepLink.text();
      const script = /src="(\/console\/assets\/[^"]+\.js)"/.exec(html)![1]!;

      const asset = await fetch(`${system.gatewayUrl}${script}`);
      expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await fetch(`${system.gatewayUrl}/console/assets/missing.js`)).status).toBe(404);
      expect((await fetch(`${system.gatewayUrl}/console/assets/..%2F..%2Fsecrets.json`)).status).toBe(404);
    });
  });

  describe('as a partner', () => {
    it('refuses a wrong key', async () => {
      const page = await openConsole();
      await signIn(page, 'pk_not-a-key');
      await expect(page.getByRole('alert').textContent()).resolves.toBe('That key was not accepted.');
      await context.close();
    });

    it('signs in with the API key and lists its transactions, the key kept in memory only', async () => {
      const page = await openConsole();
      await screenshot(page, 'sign-in');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await signIn(page, apiKey);

      const row = page.getByRole('row').filter({ hasText: transactionId });
      await row.waitFor();
      expect(await row.textContent()).toContain('console-customer');
      expect(await row.textContent()).toContain('101.02 USDC');
      expect(await row.textContent()).toContain('400,000.00 COP');
      expect(await row.textContent()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
      await expect(page.getByRole('banner').textContent()).resolves.toContain('Console Co');
      await screenshot(page, 'partner-transactions');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      const stored = await page.evaluate('JSON.stringify([{ ...localStorage }, { ...sessionStorage }])');
      expect(stored).toBe('[{},{}]');
      expect(page.url()).not.toContain(apiKey);
      expect(await context.cookies()).toEqual([]);
      expect(refusals).toEqual([]);

      // The zone a person picks is the one thing the browser remembers.
      await page.getByLabel('Times in').selectOption('local');
      await expect(row.textContent()).resolves.toMatch(/ GMT-3/);
      await page.reload();
      await signIn(page, apiKey);
      await expect(row.textContent()).resolves.toMatch(/ GMT-3/);
      await expect(page.evaluate('JSON.stringify({ ...localStorage })')).resolves.toBe(
        '{"console.timeZone":"local"}',
      );
      await context.close();
    });

    it('searches by the transaction id and filters by status', async () => {
      const page = await openConsole('/console', PHONE);
      await signIn(page, apiKey);
      // An id's first eight characters are enough (a support ticket quotes them).
      await page.getByLabel('Id, reference, on-chain hash or user').fill(transactionId.slice(0, 8));
      await page.getByLabel('Status').selectOption('AWAITING_PAYMENT');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByText('1 transaction, newest first').waitFor();
      await expect(scrollsSideways(page)).resolves.toBe(false);
      await screenshot(page, 'partner-transactions-cards');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await page.getByLabel('Status').selectOption('PAYMENT_COMPLETED');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByText('No transaction matches.').waitFor();
      await screenshot(page, 'partner-transactions-phone');
      await context.close();
    });

    it('finds a transaction and watches it complete after a sandbox deposit, with its timeline', async () => {
      const partner = { 'X-API-Key': apiKey };
      const quote = await api('/quote', {
        method: 'POST',
        headers: partner,
        body: {
          amount: 100,
          crypto_currency: 'USDC',
          network: 'SOLANA',
          payment_method: 'PIX',
          target_currency: 'BRL',
        },
      });
      const { id } = await api('/transaction', {
        method: 'POST',
        headers: partner,
        body: { quote_id: quote.quote_id, user_id: 'watched-customer', account_number: '52998224725' },
      });
      const page = await openConsole();
      await signIn(page, apiKey);
      await page.getByLabel('Id, reference, on-chain hash or user').fill('watched-customer');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('link', { name: id! }).click();
      await page.getByText('awaiting payment').first().waitFor();

      // Paid as `npm run cli -- sandbox deposit` pays (from the sandbox customer's wallet), by the
      // button the sandbox offers.
      const pay = page.getByRole('button', { name: 'Pay this transaction' });
      await pay.waitFor();
      // What was agreed, and where and by when to pay it.
      const summary = page.locator('.summary');
      const summaryText = (await summary.textContent())!;
      expect(summaryText).toMatch(/Amount to send[\d,]+\.\d{2,6} USDC/);
      expect(summaryText).toContain('Amount receivednothing yet');
      expect(summaryText).toMatch(/Rate1 USDC = [\d,.]+ BRL/);
      expect(summaryText).toContain('Recipient gets100.00 BRL');
      expect(summaryText).toMatch(/Pay before\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
      await summary.getByRole('button', { name: 'Copy deposit address' }).waitFor();
      // Solana Pay's request for the deposit address, as a QR code for a wallet to scan and as
      // text to copy beside it.
      const qrCode = summary.getByRole('img', { name: 'QR code of the payment request' });
      await qrCode.waitFor();
      const depositAddress = await summary
        .locator('.pair', { hasText: 'Deposit address' })
        .locator('code')
        .textContent();
      await expect(summary.locator('.payment-request code').textContent()).resolves.toMatch(
        new RegExp(`^solana:${depositAddress}\\?amount=`),
      );
      await summary.getByRole('button', { name: 'Copy payment request' }).waitFor();
      await screenshot(page, 'partner-transaction-sandbox-pay');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.setViewportSize(PHONE);
      await expect(scrollsSideways(page)).resolves.toBe(false);
      await screenshot(page, 'partner-transaction-sandbox-pay-phone');
      await page.setViewportSize(LAPTOP);
      // The API failing while the page reads it again: it keeps what it read, says so with the
      // request id, and reads again on Retry.
      await page.route('**/transaction/*/timeline', (route) =>
        route.fulfill({
          status: 503,
          headers: { 'content-type': 'application/json', 'x-request-id': 'req-console-down' },
          body: JSON.stringify({
            code: 'service_unavailable',
            reason: 'Service unavailable',
            retryable: true,
          }),
        }),
      );
      const banner = page.getByRole('alert').filter({ hasText: 'req-console-down' });
      await banner.waitFor({ timeout: 10_000 });
      await expect(banner.textContent()).resolves.toContain('Could not refresh (Service unavailable)');
      await expect(page.locator('.summary').textContent()).resolves.toContain(id!);
      await screenshot(page, 'partner-transaction-api-down');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.unroute('**/transaction/*/timeline');
      await banner.getByRole('button', { name: 'Retry' }).click();
      await banner.waitFor({ state: 'detached' });
      await pay.click();
      const sent = (await page.getByText(/^Deposit sent on SOLANA: /).textContent())!;
      const onChainTx = sent.replace('Deposit sent on SOLANA: ', '');
      // Paid once only: asked again before the transaction moves on, or after, the route refuses.
      const again = await fetch(`${system.gatewayUrl}/sandbox/transactions/${id}/deposit`, {
        method: 'POST',
        headers: partner,
      });
      expect(again.status).toBe(409);
      const refusedAs = (code: string, reason: string) => ({
        message: reason,
        code,
        reason,
        retryable: false,
      });
      expect([
        refusedAs(
          'deposit_already_sent',
          'The sandbox already sent this deposit; the transaction moves on once it is seen',
        ),
        refusedAs('deposit_already_received', 'The transaction is no longer awaiting its deposit'),
      ]).toContainEqual(await again.json());
      // The page reads the transaction again by itself until it settles.
      await page.locator('.summary').getByText('payment completed').waitFor({ timeout: 60_000 });
      await expect(page.getByRole('button', { name: 'Pay this transaction' }).count()).resolves.toBe(0);
      await expect(page.locator('.summary').textContent()).resolves.toMatch(
        /Amount received[\d,]+\.\d{2,6} USDC/,
      );
      await expect(page.getByRole('button', { name: 'Copy deposit address' }).count()).resolves.toBe(0);
      await expect(qrCode.count()).resolves.toBe(0);
      const timeline = (await page.locator('.timeline').textContent())!;
      expect(timeline).toContain('Status: processing payment');
      const { payment_context: target } = (await (
        await fetch(`${system.gatewayUrl}/ops/transactions/${id}`, {
          headers: { 'X-OPS-API-KEY': opsApiKey },
        })
      ).json()) as { payment_context: DepositTarget };
      // Grouped, at least cents, the exact amount sent.
      const deposited = /Deposit of ([\d,]+\.\d{2,6}) USDC \(funded\)/.exec(timeline)?.[1];
      expect(Number(deposited?.replaceAll(',', ''))).toBe(Number(target.amount));
      expect(timeline).toContain(onChainTx);
      expect(timeline).toContain('Payout of 100.00 BRL: settled');
      expect(timeline).toContain('Status: payment completed');
      // Simulated chains have no explorer: the hash is text to copy, never a dead link.
      await expect(page.locator('.timeline a.hash').count()).resolves.toBe(0);
      await page.locator('.timeline').getByRole('button', { name: 'Copy hash' }).first().waitFor();
      paidTransactionId = id!;
      await screenshot(page, 'partner-transaction');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      // At phone width the long hashes wrap inside the page.
      await page.setViewportSize(PHONE);
      await expect(scrollsSideways(page)).resolves.toBe(false);
      await screenshot(page, 'partner-transaction-phone');

      await context.close();
    }, 90_000);

    it('charts the activity per day by corridor and the status mix, with the numbers in a table', async () => {
      const today = new Date().toISOString().slice(0, 10);
      const page = await openConsole(`/console/overview?from=${today}&to=${today}`);
      await signIn(page, apiKey);
      await page.getByRole('heading', { name: `Figures from ${today} to ${today}` }).waitFor();
      const tile = (label: RegExp) =>
        page
          .locator('.tile')
          .filter({ has: page.locator('.tile-label', { hasText: label }) })
          .locator('.tile-value');
      const usdcVolume = (await tile(/^Volume in USDC/).textContent())!;
      expect(usdcVolume).toMatch(/^[\d,]+\.\d{2,6} USDC$/);
      await expect(tile(/^Completed$/).textContent()).resolves.toMatch(/^[1-9]\d*$/);
      await expect(tile(/^Success rate/).textContent()).resolves.toMatch(/^\d+\.\d %$/);

      // The same days' transactions as CSV: its USDC amounts add up to the tile, exactly.
      await page.getByRole('link', { name: 'Transactions' }).click();
      await page.getByLabel('From').fill(today);
      await page.getByLabel('To').fill(today);
      await page.getByRole('button', { name: 'Search' }).click();
      await page.waitForURL(new RegExp(`from=${today}&to=${today}$`));
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      const [header, ...rows] = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
      const columns = header!.split(',');
      const at = (row: string, name: string) => row.split(',')[columns.indexOf(name)]!;
      const usdcSum = rows
        .filter((row) => at(row, 'crypto_currency') === 'USDC')
        .reduce((sum, row) => sum + millionths(at(row, 'source_amount')), 0n);
      expect(usdcSum).toBe(millionths(usdcVolume.replace(' USDC', '').replaceAll(',', '')));

      // A range that ends before it starts is refused in the form, in words.
      await page.getByLabel('From').fill('2026-12-07');
      await page.getByLabel('To').fill('2026-12-06');
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page.getByRole('alert').textContent()).resolves.toMatch(
        /^The “From” date is after the “To” date/,
      );
      await page.goBack();
      await page.goBack();

      await page.getByRole('img', { name: /^Transactions per day \(UTC\), by corridor/ }).waitFor();
      await page.getByRole('img', { name: /^Where they stand now/ }).waitFor();
      const row = page.getByRole('row').filter({ hasText: 'USDC STELLAR → BREB COP' });
      await expect(row.textContent()).resolves.toMatch(/101\.02 USDC$/);
      await screenshot(page, 'partner-overview');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.setViewportSize(PHONE);
      await expect(scrollsSideways(page)).resolves.toBe(false);
      await screenshot(page, 'partner-overview-phone');
      await context.close();
    });

    it("shows today's usage against each rail's caps", async () => {
      const page = await openConsole('/console/limits');
      await signIn(page, apiKey);
      const breb = page.getByRole('region', { name: 'Limits of BREB COP' });
      const customer = breb.getByRole('row').filter({ hasText: 'console-customer' });
      await expect(customer.textContent()).resolves.toMatch(
        /^console-customer[\d,]+\.\d{2} COP of 25,000,000\.00 COP \(\d+%\)\d+ of 15 \(\d+%\)$/,
      );
      await expect(breb.textContent()).resolves.toContain('Per transaction: 5,000,000.00 COP');
      await screenshot(page, 'partner-limits');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await context.close();
    });

    it('prices a payout in the quote playground and shows a refusal with its code', async () => {
      const page = await openConsole('/console/quotes');
      await signIn(page, apiKey);
      await page.getByLabel('Corridor').selectOption({ label: 'USDC on STELLAR → COP by BREB' });
      await page.getByLabel('Recipient gets (COP)').fill('400000');
      await page.getByRole('button', { name: 'Get quote' }).click();
      await page.locator('.summary').getByText('101.02 USDC').waitFor();
      await screenshot(page, 'partner-quote-playground');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await page.getByLabel('Recipient gets (COP)').fill('1000');
      await page.getByRole('button', { name: 'Get quote' }).click();
      await expect(page.getByRole('alert').textContent()).resolves.toMatch(/^minimum: /);
      await context.close();
    });

    it('redelivers a webhook that failed once its endpoint answers, and rotates the secret', async () => {
      const receiver = `${system.sandbox.webhookReceiver.url}/hooks/console`;
      const page = await openConsole('/console/webhooks');
      await signIn(page, apiKey);
      await page.getByLabel('Webhook URL').fill(`${receiver}/status/500`);
      await page.getByRole('button', { name: 'Register' }).click();
      const firstSecret = await page.locator('.secret').textContent();
      expect(firstSecret).toMatch(/^whsec_/);
      await page.getByRole('button', { name: 'I have copied it' }).click();
      await page.getByRole('button', { name: 'Send test delivery' }).click();
      await page.getByText('Test delivery pending (HTTP 500).').waitFor();
      const row = page.getByRole('row').filter({ hasText: 'webhook.test' });
      await expect(row.textContent()).resolves.toContain('HTTP 500');

      await page.getByLabel('Webhook URL').fill(receiver);
      await page.getByRole('button', { name: 'Save URL' }).click();
      await page.getByText('Endpoint saved.').waitFor();
      await row.getByRole('button', { name: /^Redeliver/ }).click();
      await row.filter({ hasText: 'DELIVERED' }).waitFor();
      await expect(row.textContent()).resolves.toContain('HTTP 200');
      await page
        .getByRole('status')
        .filter({ hasText: 'webhook.test: Sent again: the endpoint answered HTTP 200 (delivered).' })
        .waitFor();
      // At a laptop's width the whole deliveries table fits: Next attempt and Redeliver in view.
      await expect(
        page
          .getByRole('region', { name: 'Deliveries table' })
          .evaluate((region) => region.scrollWidth <= region.clientWidth),
      ).resolves.toBe(true);
      // The charts read the attempts again after the redelivery: today had a failure and a success.
      await page
        .getByRole('img', { name: /^Delivery attempts per day \(UTC\), succeeded and failed/ })
        .waitFor();
      await page.getByRole('img', { name: /^Attempt latency per day/ }).waitFor();
      const today = new Date().toISOString().slice(0, 10);
      const attempts = page.getByRole('region', { name: 'Webhook attempts table' }).getByRole('row');
      await attempts.filter({ hasText: today }).filter({ hasText: '%' }).waitFor();
      const cells = await attempts.filter({ hasText: today }).getByRole('cell').allTextContents();
      const [, total, succeeded, failed] = cells.map((cell) => Number(cell.replaceAll(',', '')));
      expect(succeeded).toBeGreaterThanOrEqual(1);
      expect(failed).toBeGreaterThanOrEqual(1);
      expect(succeeded! + failed!).toBe(total);

      await page.getByRole('button', { name: 'Rotate secret' }).click();
      const rotated = await page.locator('.secret').textContent();
      expect(rotated).toMatch(/^whsec_/);
      expect(rotated).not.toBe(firstSecret);
      await screenshot(page, 'partner-webhooks');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.setViewportSize(PHONE);
      await expect(scrollsSideways(page)).resolves.toBe(false);
      await screenshot(page, 'partner-webhooks-phone');
      await page.getByRole('button', { name: 'I have copied it' }).click();
      await expect(page.locator('.secret').count()).resolves.toBe(0);

      // Support's view of one delivery, found by its event type (kept in the URL): the body as
      // signed, then each attempt's headers, answer and timing, newest first.
      await page.setViewportSize(LAPTOP);
      await page.getByLabel('Event').selectOption('webhook.test');
      await page.waitForURL(/\?event_type=webhook\.test$/);
      await page.getByRole('link', { name: 'webhook.test' }).first().click();
      await page.getByRole('heading', { name: 'Webhook delivery' }).waitFor();
      await expect(page.getByLabel('Request body').textContent()).resolves.toContain('webhook.test');
      const tries = page.locator('.attempts > li');
      await expect(tries.first().textContent()).resolves.toMatch(/: HTTP 200, delivered, [\d,]+ ms/);
      await expect(tries.last().textContent()).resolves.toMatch(/: HTTP 500, http error, [\d,]+ ms/);
      await expect(tries.first().textContent()).resolves.toContain('webhook-signature');
      await expect(scrollsSideways(page)).resolves.toBe(false);
      await screenshot(page, 'partner-webhook-delivery');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.setViewportSize(PHONE);
      await expect(scrollsSideways(page)).resolves.toBe(false);
      await screenshot(page, 'partner-webhook-delivery-phone');
      await context.close();
    });
  });

  describe('POST /sandbox/transactions/{id}/deposit', () => {
    const payAs = (key: string | null, id: string, body?: object) =>
      fetch(`${system.gatewayUrl}/sandbox/transactions/${id}/deposit`, {
        method: 'POST',
        headers: {
          ...(key ? { 'X-API-Key': key } : {}),
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const refusal = (code: string, reason: string) => ({ message: reason, code, reason, retryable: false });

    it('tells the console the chains are simulated here', async () => {
      const response = await fetch(`${system.gatewayUrl}/sandbox`, { headers: { 'X-API-Key': apiKey } });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ simulatedChains: true });
    });

    it('refuses a transaction no longer awaiting its deposit', async () => {
      const response = await payAs(apiKey, paidTransactionId);
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual(
        refusal('deposit_already_received', 'The transaction is no longer awaiting its deposit'),
      );
    });

    it('refuses a transaction whose quote expired unless asked to pay late, and a late one is refunded', async () => {
      const partner = { 'X-API-Key': apiKey };
      const quote = await api('/quote', {
        method: 'POST',
        headers: partner,
        body: {
          amount: 100,
          crypto_currency: 'USDC',
          network: 'SOLANA',
          payment_method: 'PIX',
          target_currency: 'BRL',
        },
      });
      const { id } = await api('/transaction', {
        method: 'POST',
        headers: partner,
        body: { quote_id: quote.quote_id, user_id: 'late-customer', account_number: '52998224725' },
      });
      // Two seconds past its quote, inside the expiry sweep's grace: it still awaits its deposit.
      await system.services
        .find(({ name }) => name === 'transaction-service')!
        .app.get(DataSource)
        .query(
          `UPDATE "transaction"."transaction" SET quote_expires_at = now() - interval '2 seconds' WHERE id = $1`,
          [id],
        );
      const { status, quoteExpiresAt } = await api(`/ops/transactions/${id}`, {
        headers: { 'X-OPS-API-KEY': opsApiKey },
      });
      expect(status).toBe('AWAITING_PAYMENT');

      const refused = await payAs(apiKey, id!);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual(
        refusal(
          'quote_expired',
          `The quote expired at ${quoteExpiresAt}: a deposit now would be refunded as expired. ` +
            'To pay it late anyway (to test that refund), send {"late": true}',
        ),
      );

      const paid = await payAs(apiKey, id!, { late: true });
      expect(paid.status).toBe(201);
      expect(await paid.json()).toEqual({ blockchain: 'SOLANA', onChainTx: expect.any(String) });
      // chain-watchers finds the deposit; transaction-service dates it after the quote and sends it
      // back from the sandbox treasury.
      await expectEventually(
        async () => {
          const { transaction, refunds } = (await api(`/transaction/${id}/timeline`, {
            headers: partner,
          })) as unknown as TimelineAnswer;
          expect(transaction.status).toBe('PAYMENT_EXPIRED');
          expect(refunds.map(({ reason, status }) => ({ reason, status }))).toEqual([
            { reason: 'EXPIRED', status: 'SENT' },
          ]);
        },
        { timeoutMs: 60_000, intervalMs: 500 },
      );
    }, 90_000);

    it("answers another partner's transaction, and an unknown id, as not found", async () => {
      const { apiKey: otherKey } = await api('/ops/partners', {
        method: 'POST',
        body: { name: 'Other Co' },
        headers: { 'X-OPS-API-KEY': opsApiKey },
      });
      const notFound = refusal('transaction_not_found', 'Transaction not found');
      const foreign = await payAs(otherKey!, transactionId);
      expect(foreign.status).toBe(404);
      expect(await foreign.json()).toEqual(notFound);
      const malformed = await payAs(apiKey, 'not-a-transaction');
      expect(malformed.status).toBe(404);
      expect(await malformed.json()).toEqual(notFound);
      const unknown = await payAs(apiKey, '00000000-0000-4000-8000-000000000000');
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual(notFound);
    });

    it('refuses a caller without a key', async () => {
      const response = await payAs(null, transactionId);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        message: 'Missing or invalid credentials',
        code: 'authentication_failed',
        reason: 'Missing or invalid credentials',
        retryable: false,
      });
    });
  });

  describe('a partner rotating its API key', () => {
    it('creates a new key shown once, signs in with it and revokes the old one', async () => {
      const { apiKey: oldKey } = await api('/ops/partners', {
        method: 'POST',
        body: { name: 'Rotating Co' },
        headers: { 'X-OPS-API-KEY': opsApiKey },
      });
      const page = await openConsole('/console/api-keys');
      await signIn(page, oldKey!);
      await page.getByRole('button', { name: 'Create key' }).click();
      const newKey = (await page.locator('.secret').textContent())!;
      expect(newKey).toMatch(/^pk_/);
      await page.getByText('2 of 10 active keys allowed.').waitFor();
      await page.getByRole('button', { name: 'I have copied it' }).click();
      await expect(page.locator('.secret').count()).resolves.toBe(0);

      await page.getByRole('button', { name: 'Sign out' }).click();
      await signIn(page, newKey);
      await page.getByText(`${newKey.slice(0, 10)}… (this session)`).waitFor();
      const questions: string[] = [];
      page.once('dialog', (dialog) => {
        questions.push(dialog.message());
        void dialog.accept();
      });
      await page.getByRole('button', { name: `Revoke ${oldKey!.slice(0, 10)}` }).click();
      await page.getByText(/^revoked /).waitFor();
      expect(questions[0]).toContain('Servers still using it are refused');
      const partnerWith = (key: string) =>
        fetch(`${system.gatewayUrl}/partner`, { headers: { 'X-API-Key': key } }).then(({ status }) => status);
      expect(await partnerWith(oldKey!)).toBe(401);
      expect(await partnerWith(newKey)).toBe(200);
      await screenshot(page, 'partner-api-keys');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      // Revoking the key this session uses: the next read is refused and the console signs out.
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: `Revoke ${newKey.slice(0, 10)}` }).click();
      await expect(page.getByRole('alert').textContent()).resolves.toMatch(
        /^You were signed out: the API no longer accepts/,
      );
      await page.getByLabel('API key', { exact: true }).waitFor();
      await screenshot(page, 'signed-out-revoked');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await context.close();
    });
  });

  describe('as an operator', () => {
    const celoCop = {
      amount: 400000,
      crypto_currency: 'USDC',
      network: 'CELO',
      payment_method: 'BREB',
      target_currency: 'COP',
    };
    const quoteStatus = async () =>
      (
        await fetch(`${system.gatewayUrl}/quote`, {
          method: 'POST',
          headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
          body: JSON.stringify(celoCop),
        })
      ).status;

    it('disables a corridor after confirming, the quote is refused, and the audit log names who', async () => {
      const page = await openConsole('/console/corridors');
      await page.getByLabel('Operator').check();
      await page.getByLabel('Your name (recorded with every change)').fill('Olga Ops');
      await page.getByLabel('Ops key').fill(opsApiKey);
      await page.getByRole('button', { name: 'Sign in' }).click();
      const flow = 'PAYOUT USDC CELO → BREB COP';
      const row = page
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: flow, exact: true }) });
      await expect(row.textContent()).resolves.toContain('enabled');

      // Dismissing the confirmation changes nothing.
      const asked: string[] = [];
      const answerNext = (accept: boolean) =>
        page.once('dialog', (dialog) => {
          asked.push(dialog.message());
          void (accept ? dialog.accept() : dialog.dismiss());
        });
      answerNext(false);
      await page.getByRole('button', { name: `Disable ${flow}` }).click();
      await expect(row.textContent()).resolves.toContain('enabled');
      expect(await quoteStatus()).toBe(200);

      answerNext(true);
      await page.getByRole('button', { name: `Disable ${flow}` }).click();
      await row.filter({ hasText: 'disabled' }).waitFor();
      expect(asked).toEqual([
        `Disable ${flow}?\n\nThis is recorded in the audit log.`,
        `Disable ${flow}?\n\nThis is recorded in the audit log.`,
      ]);
      expect(await quoteStatus()).toBe(400);
      await screenshot(page, 'ops-corridors');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await page.getByRole('link', { name: 'Audit log' }).click();
      const entry = page.getByRole('row').filter({ hasText: 'Olga Ops' });
      await entry.waitFor();
      await expect(entry.textContent()).resolves.toContain(`update flow${flow}enabled: false`);
      await screenshot(page, 'ops-audit-log');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await page.getByRole('link', { name: 'Unmatched deposits' }).click();
      await page.getByRole('heading', { name: 'Unmatched deposits' }).waitFor();
      await page.getByLabel('On-chain hash').fill('f'.repeat(64));
      answerNext(true);
      await page.getByRole('button', { name: 'Reconcile', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'not_found' }).waitFor();
      expect(asked.at(-1)).toBe(
        `Reconcile STELLAR transfer ${'f'.repeat(64)}?\n\nThis is recorded in the audit log.`,
      );
      await screenshot(page, 'ops-unmatched-deposits');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await page.getByRole('link', { name: 'Corridors' }).click();
      answerNext(true);
      await page.getByRole('button', { name: `Enable ${flow}` }).click();
      await row.filter({ hasText: 'enabled' }).waitFor();
      expect(await quoteStatus()).toBe(200);
      expect(refusals).toEqual([]);
      await context.close();
    });

    it("sets a rail's payout caps after confirming, and quotes above the new cap are refused", async () => {
      const pixQuote = async (amount: number) =>
        (
          await fetch(`${system.gatewayUrl}/quote`, {
            method: 'POST',
            headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
            body: JSON.stringify({
              amount,
              crypto_currency: 'USDC',
              network: 'SOLANA',
              payment_method: 'PIX',
              target_currency: 'BRL',
            }),
          })
        ).status;
      const page = await openConsole('/console/corridors');
      await page.getByLabel('Operator').check();
      await page.getByLabel('Your name (recorded with every change)').fill('Olga Ops');
      await page.getByLabel('Ops key').fill(opsApiKey);
      await page.getByRole('button', { name: 'Sign in' }).click();
      const row = page
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: 'PIX BRL', exact: true }) });
      await expect(row.textContent()).resolves.toBe(
        'PIX BRLuncappeduncappeduncappeduncappedAmerica/Sao_PauloEdit',
      );

      await page.getByRole('button', { name: 'Edit the caps of PIX BRL' }).click();
      // A cap the service would refuse is explained before any confirmation is asked.
      const dialogs: string[] = [];
      const recordDialog = (dialog: Dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      };
      page.on('dialog', recordDialog);
      await page.getByLabel('Per transaction, BRL (blank: none)').fill('1,000');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('alert').textContent()).resolves.toBe(
        'Per transaction must be a plain amount such as 1000 or 0.25: digits only, at most 2 decimals, no thousands separators.',
      );
      expect(dialogs).toEqual([]);
      page.off('dialog', recordDialog);
      await page.getByLabel('Per transaction, BRL (blank: none)').fill('1000');
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Save' }).click();
      await row.filter({ hasText: '1,000.00 BRL' }).waitFor();
      expect(await pixQuote(1000.01)).toBe(400);
      expect(await pixQuote(1000)).toBe(200);
      await screenshot(page, 'ops-rail-caps');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Edit the caps of PIX BRL' }).click();
      await page.getByLabel('Per transaction, BRL (blank: none)').fill('');
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Save' }).click();
      await row.filter({ hasText: 'uncappeduncappeduncappeduncapped' }).waitFor();
      expect(await pixQuote(1000.01)).toBe(200);
      await context.close();
    });
  });
});
