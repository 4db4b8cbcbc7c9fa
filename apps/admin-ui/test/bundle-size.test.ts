import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from '@jest/globals';

/** The page's whole download, gzipped: Preact, uPlot and the app. Raise it only on purpose. */
const LIMIT_GZIP_BYTES = 45 * 1024;
const ASSETS = join(import.meta.dirname, '..', 'dist', 'assets');

describe('the built bundle', () => {
  it(`stays under ${LIMIT_GZIP_BYTES / 1024} KiB gzipped (scripts and styles)`, () => {
    const files = readdirSync(ASSETS).filter((file) => /\.(js|css)$/.test(file));
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    const gzipped = files.reduce((total, file) => total + gzipSync(readFileSync(join(ASSETS, file))).length, 0);
    expect(gzipped).toBeLessThan(LIMIT_GZIP_BYTES);
  });

  it('loads its assets from /ui/assets, where the gateway serves them', () => {
    const html = readFileSync(join(ASSETS, '..', 'index.html'), 'utf8');
    expect(html).toMatch(/<script type="module" crossorigin src="\/ui\/assets\/[\w-]+\.js"><\/script>/);
  });
});
