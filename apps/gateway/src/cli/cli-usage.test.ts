import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { GATEWAY_ENDPOINTS } from '@modelgate/pipeline';
import { CLI_USAGE } from './run-cli.js';

describe('the endpoint scopes a key may carry', () => {
  it('are all named by `modelgate --help` and by docs/keys-and-limits.md', () => {
    const helpScopes = /--endpoints ([\w,]+)/.exec(CLI_USAGE)![1]!.split(',');
    const doc = readFileSync(new URL('../../../../docs/keys-and-limits.md', import.meta.url), 'utf8');
    const docScopes = /`--endpoints ([\w,]+)`/.exec(doc)![1]!.split(',');
    expect({ help: [...helpScopes].sort(), doc: [...docScopes].sort() }).toEqual({ help: [...GATEWAY_ENDPOINTS].sort(), doc: [...GATEWAY_ENDPOINTS].sort() });
  });
});
