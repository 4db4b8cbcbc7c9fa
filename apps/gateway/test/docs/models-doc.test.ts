import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { bundledProviderInstances } from '../../src/catalog/bundled-catalog.js';
import { renderModelsDoc } from '../../src/catalog/render-models-doc.js';

const MODELS_DOC = fileURLToPath(new URL('../../../../docs/models.md', import.meta.url));

describe('docs/models.md', () => {
  it('is what the generator writes (node apps/gateway/scripts/generate-models-doc.mjs after a build)', () => {
    expect(readFileSync(MODELS_DOC, 'utf8')).toBe(renderModelsDoc());
  });

  it("lists every model card of every bundled vendor, under its family, with its limits, prices and endpoints", () => {
    const doc = renderModelsDoc();
    const instances = bundledProviderInstances();
    expect(instances.length).toBeGreaterThanOrEqual(2);
    for (const instance of instances) {
      const start = doc.indexOf(`## ${instance.family} (\`${instance.source}\`, instance \`${instance.id}\`)`);
      expect({ instance: instance.id, start }).not.toEqual({ instance: instance.id, start: -1 });
      const section = doc.slice(start);
      const cards = instance.provider.models ?? [];
      expect(cards.length).toBeGreaterThan(0);
      for (const card of cards) {
        const row = section.split('\n').find((line) => line.startsWith(`| \`${card.id}\` |`));
        // A generation model lists chat (every provider speaks the hub); an embedding model, the embedding endpoints alone.
        const endpoint = card.capabilities?.embeddings ? '`/v1/embeddings`, `/v1beta/models/{model}:embedContent` |' : '`/v1/chat/completions`';
        expect({ card: card.id, row }).toEqual({ card: card.id, row: expect.stringContaining(endpoint) });
        if (card.pricing) expect(row).toContain(`$${card.pricing.output.toFixed(card.pricing.output < 1 ? 3 : 2)}`);
      }
    }
  });
});
