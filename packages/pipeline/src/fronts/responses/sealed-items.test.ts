import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { mintedBlobStateIds, presentedBlobStateIds, sealedBlobStateId } from './sealed-items.js';

const digest = (blob: string) => `sha256:${createHash('sha256').update(blob).digest('hex')}`;

describe('encrypted_content blobs as state ids', () => {
  it('names a blob by its SHA-256, never by the blob', () => {
    expect(sealedBlobStateId('gAAAA-secret')).toBe(digest('gAAAA-secret'));
    expect(sealedBlobStateId('gAAAA-secret')).not.toContain('secret');
  });

  it("reads an answer's blobs in order, from reasoning and compaction items alike", () => {
    const output = [{ type: 'reasoning', encrypted_content: 'r1' }, { type: 'message', content: [] }, { type: 'compaction', encrypted_content: 'c1' }, null, { encrypted_content: 7 }];
    expect(mintedBlobStateIds(output)).toEqual([digest('r1'), digest('c1')]);
    expect(mintedBlobStateIds('not items')).toEqual([]);
  });

  it("looks up a request's last four blobs, newest first", () => {
    const input = ['b1', 'b2', 'b3', 'b4', 'b5', 'b6'].map((blob) => ({ type: 'reasoning', encrypted_content: blob }));
    expect(presentedBlobStateIds([...input, { role: 'user', content: 'go on' }])).toEqual(['b6', 'b5', 'b4', 'b3'].map(digest));
    expect(presentedBlobStateIds('a string input')).toEqual([]);
  });
});
