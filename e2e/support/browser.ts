import { chromium, type Browser, type Page } from 'playwright-core';

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });

/** The paths of the scripts a page loads from now on, in the order they arrive. */
export const watchScripts = (page: Page): string[] => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
  });
  return scripts;
};

/** zod's chunk (apps/web/vite.config.ts names it): about 25 KB gzipped, kept off the first pages. */
export const isZodChunk = (script: string) => /\/zod-[^/]*\.js$/.test(script);
