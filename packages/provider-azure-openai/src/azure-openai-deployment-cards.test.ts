import { describe, expect, it } from '@jest/globals';
import type { ModelCardV1 } from '@modelgate/core';
import { azureDeploymentCards } from './azure-openai-deployment-cards.js';

const GPT_41: ModelCardV1 = { id: 'gpt-4.1', displayName: 'GPT-4.1', created: 1, ownedBy: 'openai', contextWindow: 1_047_576, pricing: { input: 2, output: 8, cachedInput: 0.5 } };

describe('Azure deployment cards (issue 32)', () => {
  it("give a named deployment its model's card under the deployment's name", () => {
    const cards = azureDeploymentCards([GPT_41], { 'house-gpt41': 'gpt-4.1' });
    expect(cards).toEqual([GPT_41, { ...GPT_41, id: 'house-gpt41', displayName: 'GPT-4.1 (house-gpt41)' }]);
    expect(azureDeploymentCards([GPT_41])).toEqual([GPT_41]);
  });

  it('refuse a deployment of a model OpenAI’s catalog does not know, at start-up', () => {
    expect(() => azureDeploymentCards([GPT_41], { mine: 'gpt-9' })).toThrow('Azure OpenAI deployment "mine": "gpt-9" is not a model OpenAI\'s catalog knows');
  });
});
