/**
 * A page's first paints as a browser shows them when nothing traces it (issue 30): the same headless browser, fresh per
 * load, on Lighthouse's phone screen, with no trace recording. Lighthouse records one on every run, and on these
 * machines that recording alone makes the browser hold a page's first frame back by about 1 or 2 s: /home's shell,
 * served as a static file, painted first at 220-350 ms in 13 of 13 untraced loads, and at ~1,300 ms in 7 of 13 loads
 * traced with Lighthouse's categories (2 December). Printed beside Lighthouse's observed paints, the two tell a late
 * first frame of the page's own from one of the recording's.
 */
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { screenEmulationMetrics, userAgents } from 'lighthouse/core/config/constants.js';

export interface UntracedPaint {
  /** First contentful paint, ms from navigation start, as the page's own paint timing reports it. */
  fcp?: number;
  /** The last largest-contentful-paint candidate once the page has loaded and settled, ms. */
  lcp?: number;
}

/** How long after the load event the page's largest paint is read: the SPA's first render follows its loaders' answers. */
const SETTLE_MS = 2500;

/**
 * One load of `url` in a fresh browser (`launch`), after `prepare` (signing in, for a member's page) has run on it.
 */
export async function untracedPaint(
  url: string,
  launch: () => Promise<chromeLauncher.LaunchedChrome>,
  prepare?: (chromePort: number) => Promise<void>,
): Promise<UntracedPaint> {
  const chrome = await launch();
  try {
    await prepare?.(chrome.port);
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    try {
      const page = await browser.newPage();
      const screen = screenEmulationMetrics.mobile;
      await page.setUserAgent(userAgents.mobile);
      await page.setViewport({ width: screen.width, height: screen.height, deviceScaleFactor: screen.deviceScaleFactor, isMobile: screen.mobile, hasTouch: screen.mobile });
      await page.goto(url, { waitUntil: 'load' });
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      return await page.evaluate(
        () =>
          new Promise<UntracedPaint>((resolve) => {
            const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
            // Largest-contentful-paint entries are only given to a buffered observer.
            new PerformanceObserver((list, observer) => {
              observer.disconnect();
              resolve({ fcp, lcp: list.getEntries().at(-1)?.startTime });
            }).observe({ type: 'largest-contentful-paint', buffered: true });
            setTimeout(() => resolve({ fcp }), 500);
          }),
      );
    } finally {
      await browser.disconnect();
    }
  } finally {
    await chrome.kill();
  }
}
