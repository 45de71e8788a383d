/**
 * Drives the test gateway's pay page in headless Chromium: screenshots at desktop and phone widths,
 * a declined card, a successful payment and a cancel, through real form posts (so the browser's own
 * Origin and Referrer-Policy handling meets the app's Origin check). Pictures land in test-results/pay/.
 *
 *   npx tsx scripts/pay-page-screens.ts          (DATABASE_URL=... to run on PostgreSQL)
 */
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { chromium, type Page } from 'playwright-core';
import { resetTestApp } from '../src/server/test/harness';
import { buildPayTestApp, insertOrder } from '../src/server/test/pay-test-app';

const OUT = 'test-results/pay';

function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`pay page check failed: ${what}`);
  console.log(`ok - ${what}`);
}

async function main() {
  const t = await resetTestApp();
  const p = await buildPayTestApp(t);
  await p.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (p.app.server.address() as AddressInfo).port;
  const origin = `http://demo.localhost:${port}`;
  const demo = t.seed.tenantIds.demo;

  const newSession = async () => {
    const order = await insertOrder(t, demo, {
      lines: [
        { name: 'Handwoven Linen Shirt — Sage, Large', quantity: 2, unit_amount: 4500 },
        { name: 'Stoneware Coffee Mug', quantity: 1, unit_amount: 1850 },
        { name: 'Organic Cotton Tote <Limited>', quantity: 3, unit_amount: 1299 },
      ],
      shippingAmount: 495,
      shippingName: 'Standard delivery (2–4 working days)',
    });
    return p.gateway.createSession(order.input({ successUrl: `${origin}/checkout/success`, cancelUrl: `${origin}/cart` }));
  };

  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const shoot = async (page: Page, name: string) => {
      await page.screenshot({ path: `${OUT}/${name}.png`, fullPage: true });
      console.log(`   ${OUT}/${name}.png`);
    };
    const open = async (width: number, height: number) => (await browser.newContext({ viewport: { width, height }, deviceScaleFactor: width < 500 ? 2 : 1 })).newPage();

    const first = await newSession();
    for (const [width, height] of [
      [1280, 800],
      [375, 812],
    ]) {
      const page = await open(width, height);
      await page.goto(first.url.replace('http://demo.localhost:3000', origin));
      check((await page.title()).includes('Demo Store'), `${width}px: page title names the shop`);
      await shoot(page, `pay-page-${width}`);
      await page.getByLabel('Card number').fill('4000 0000 0000 0002');
      await page.getByRole('button', { name: /^Pay £/ }).click();
      await page.getByText('Your card was declined.').waitFor();
      check(p.webhook.received.length === 0, `${width}px: a declined card sends no event`);
      await shoot(page, `pay-page-declined-${width}`);
      await page.context().close();
    }

    const page = await open(1280, 800);
    await page.goto(`${origin}/pay/${first.sessionId}`);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pay £/ }).click();
    await page.waitForURL(/\/checkout\/success\?session_id=/);
    check(page.url() === `${origin}/checkout/success?session_id=${first.sessionId}`, 'paying returns to the success URL with the session id');
    check(p.webhook.received.length === 1 && p.webhook.received[0].type === 'checkout.completed', 'the shop got one verified completed event');
    await page.goto(`${origin}/pay/${first.sessionId}`);
    await shoot(page, 'pay-page-already-paid-1280');

    const second = await newSession();
    await page.goto(`${origin}/pay/${second.sessionId}`);
    await page.getByRole('button', { name: 'Cancel and return to cart' }).click();
    await page.waitForURL(/\/cart$/);
    check(p.webhook.received.at(-1)?.type === 'checkout.expired', 'Cancel sends an expired event and returns to the cart');
    await page.goto(`${origin}/pay/${second.sessionId}`);
    await shoot(page, 'pay-page-expired-1280');
    await page.goto(`http://acme.localhost:${port}/pay/${second.sessionId}`);
    check((await page.content()).includes('Payment page not found'), "another store's host shows the not-found page");
    await shoot(page, 'pay-page-not-found-1280');
  } finally {
    await browser.close();
    await p.app.close();
    await t.database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
