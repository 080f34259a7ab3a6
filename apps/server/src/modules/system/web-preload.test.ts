import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PAGE_CHUNKS } from './web-preload.js';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web');

describe('the page chunks the HTML announces', () => {
  it.each(Object.entries(PAGE_CHUNKS))('%s names a page of the web app that exists (%s)', (_route, file) => {
    // The build's manifest is keyed by these source paths: a renamed page silently drops its preload.
    expect(fs.existsSync(path.join(webRoot, file))).toBe(true);
  });
});
