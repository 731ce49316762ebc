// An order page opened from an SMS or email link on a slow phone link (issue 26 point 15): Chromium
// (Playwright) against the production build served by the real server (bench/phone-app.mjs), the
// DevTools protocol holding every request 1.5 s before its answer starts and the downloads to
// 50 KB/s (uploads too), a 360 px wide screen, the demo customer signed in (the session cookie) on
// a phone that has nothing cached. For each run it opens the URL of their buy order waiting for
// payment (`/#/orders/:id`, as the SMS and emails link it) and times from navigation start:
//   paint    the first contentful paint (the browser's own mark),
//   frame    the page's frame on screen: the heading "Order #12" or the order's own (docs/decisions/055),
//   order    the order's heading and amounts on screen,
//   usable   the amounts and the "I have paid" button on screen and enabled (the payment form
//            has loaded and nothing on the page is busy),
// and counts what crossed the link before "usable": JavaScript and CSS (bytes as sent, Brotli)
// and requests. Prints them with the load average. Goal: usable in under 6 s.
// Usage: node bench/order-page.mjs   (BENCH_RUNS, 5; BENCH_CPU, a CPU slowdown, 1 (none);
// BENCH_VERBOSE=1 lists every request with its start, end and size; CHROMIUM_PATH, /usr/bin/chromium)
import { chromium } from '@playwright/test';
import { buildWeb, load, median, startPhoneApp } from './phone-app.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CPU_SLOWDOWN = Number(process.env.BENCH_CPU ?? 1);
const LATENCY_MS = 1500;
const BYTES_PER_SECOND = 50 * 1024;
const GOAL_MS = 6000;

buildWeb();
const app = await startPhoneApp('order-page');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const results = [];
try {
  const { hostname } = new URL(app.base);
  const cookies = app.cookie.split('; ').map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: hostname, path: '/', httpOnly: true, sameSite: 'Lax' };
  });
  const url = `${app.base}/#/orders/${app.orderId}`;
  console.log(
    `order page from a link (${url.replace(app.base, '')}), Chromium ${browser.version()}, ${LATENCY_MS} ms round trips, ` +
      `${BYTES_PER_SECOND / 1024} KB/s, CPU slowdown ${CPU_SLOWDOWN}x, 360 px, ${RUNS} runs`,
  );
  for (let run = 1; run <= RUNS; run += 1) {
    const loadAtStart = load();
    // A new context each run: no cache, no storage, the session cookie only.
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    await context.addCookies(cookies);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: LATENCY_MS,
      downloadThroughput: BYTES_PER_SECOND,
      uploadThroughput: BYTES_PER_SECOND,
    });
    if (CPU_SLOWDOWN > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    // What crossed the link, by type, until "usable" (bytes as sent: compressed, headers included).
    const types = new Map();
    const sent = { script: 0, css: 0, other: 0, requests: 0 };
    let counting = true;
    const urls = new Map();
    const listed = [];
    cdp.on('Network.requestWillBeSent', ({ requestId, request, timestamp }) => urls.set(requestId, { url: request.url, timestamp }));
    cdp.on('Network.responseReceived', ({ requestId, type }) => types.set(requestId, type));
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength, timestamp }) => {
      if (!counting) return;
      const type = types.get(requestId);
      const request = urls.get(requestId);
      if (request) listed.push({ ...request, finished: timestamp, bytes: encodedDataLength, type });
      sent.requests += 1;
      if (type === 'Script') sent.script += encodedDataLength;
      else if (type === 'Stylesheet') sent.css += encodedDataLength;
      else sent.other += encodedDataLength;
    });

    await page.goto(url, { waitUntil: 'commit' });
    // The frame: the heading the link names (features/orders/components/order-page-frame.tsx), or the
    // order's own if the frame was never seen.
    const frameMs = page
      .waitForFunction(
        () =>
          [...document.querySelectorAll('h1')].some((h) => /^(Buy |Sell )?[Oo]rder #\d+$/.test(h.textContent ?? ''))
            ? performance.now()
            : false,
        undefined,
        { timeout: 90_000, polling: 'raf' },
      )
      .then((handle) => handle.jsonValue());
    // Times are read in the page (performance.now() counts from navigation start).
    const orderMs = await page
      .waitForFunction(
        () => {
          const heading = [...document.querySelectorAll('h1')].find((h) => /^Buy order #\d+$/.test(h.textContent ?? ''));
          return heading && /GHS/.test(document.body.innerText) ? performance.now() : false;
        },
        undefined,
        { timeout: 90_000 },
      )
      .then((handle) => handle.jsonValue())
      .catch(async (error) => {
        await page.screenshot({ path: '/tmp/order-page-failed.png' });
        console.error(
          `no order; the page says: ${(await page.locator('body').innerText()).slice(0, 500)} (screenshot /tmp/order-page-failed.png)`,
        );
        throw error;
      });
    const usableMs = await page
      .waitForFunction(
        () => {
          const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'I have paid');
          return button && !button.disabled && !document.querySelector('[aria-busy="true"]') ? performance.now() : false;
        },
        undefined,
        { timeout: 90_000 },
      )
      .then((handle) => handle.jsonValue());
    counting = false;
    const paintMs = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
    if (process.env.BENCH_VERBOSE) {
      const start = Math.min(...listed.map((r) => r.timestamp));
      for (const r of listed.sort((a, b) => a.timestamp - b.timestamp)) {
        const at = (t) => String(Math.round((t - start) * 1000)).padStart(6);
        console.log(
          `    ${at(r.timestamp)} -> ${at(r.finished)} ms ${String(r.bytes).padStart(7)} B ${r.type} ${r.url.replace(app.base, '')}`,
        );
      }
    }
    const result = { paintMs, frameMs: await frameMs, orderMs, usableMs, ...sent };
    results.push(result);
    const kb = (n) => (n / 1024).toFixed(1);
    console.log(
      `  run ${run}: paint ${Math.round(paintMs)} ms, frame ${Math.round(result.frameMs)} ms, order ${Math.round(orderMs)} ms, usable ${Math.round(usableMs)} ms; ` +
        `before usable: JS ${kb(sent.script)} KB + CSS ${kb(sent.css)} KB, other ${kb(sent.other)} KB, ${sent.requests} requests (load ${loadAtStart})`,
    );
    await context.close();
  }
  const med = (key) => Math.round(median(results.map((r) => r[key])));
  const worst = Math.round(Math.max(...results.map((r) => r.usableMs)));
  console.log(
    `median: paint ${med('paintMs')} ms, frame ${med('frameMs')} ms, order ${med('orderMs')} ms, usable ${med('usableMs')} ms (worst ${worst} ms); ` +
      `JS+CSS before usable ${((median(results.map((r) => r.script + r.css)) ?? 0) / 1024).toFixed(1)} KB; load ${load()}`,
  );
  console.log(`goal: usable in under ${GOAL_MS} ms: ${med('usableMs') < GOAL_MS ? 'met' : 'missed'} (median)`);
} finally {
  await browser.close();
  await app.stop();
}
