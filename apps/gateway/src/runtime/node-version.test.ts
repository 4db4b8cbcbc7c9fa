import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { isSupportedNodeVersion, MINIMUM_NODE_VERSION, unsupportedNodeVersionMessage } from './node-version.js';

describe('the Node.js version floor', () => {
  it('accepts 22.15 and later, refuses what lacks zstd in node:zlib', () => {
    for (const version of ['22.15.0', 'v22.15.0', '22.15.1', '22.20.0', '23.0.0', '24.21.0', '100.0.0']) expect(isSupportedNodeVersion(version)).toBe(true);
    for (const version of ['22.14.9', '22.12.0', 'v22.0.0', '20.20.2', '18.19.0', '0.0.1']) expect(isSupportedNodeVersion(version)).toBe(false);
  });

  it('tells an older runtime which version it is and how to get a newer one', () => {
    expect(unsupportedNodeVersionMessage('24.21.0')).toBeUndefined();
    const message = unsupportedNodeVersionMessage('22.12.0')!;
    expect(message).toMatch(/^modelgate needs Node\.js 22\.15 or newer \(this is v22\.12\.0\)\./);
    expect(message).toContain('https://nodejs.org');
    expect(message).toContain('npm run modelgate --');
  });

  it('is the floor every workspace package declares', () => {
    const root = new URL('../../../../', import.meta.url);
    for (const manifest of ['package.json', 'apps/gateway/package.json', 'packages/core/package.json', 'packages/provider-openai/package.json', 'packages/provider-openai-compatible/package.json', 'packages/provider-anthropic/package.json', 'packages/testkit/package.json', 'packages/conformance/package.json']) {
      const { engines } = JSON.parse(readFileSync(new URL(manifest, root), 'utf8')) as { engines: { node: string } };
      expect({ manifest, node: engines.node }).toEqual({ manifest, node: `>=${MINIMUM_NODE_VERSION}` });
    }
  });
});
