import type { ModelCardV1 } from '@modelgate/core';

/**
 * OpenAI's cards, plus one per named deployment (`deployments: { my-gpt-41: gpt-4.1 }`) under the
 * deployment's name with its model's limits and prices: Azure's Global deployments charge OpenAI's
 * list prices. A deployment of a model OpenAI's catalog does not know is refused at start-up, so
 * its cost is not silently unknown (give it `pricing` in the config's `models[]` instead).
 */
export function azureDeploymentCards(openAiCards: readonly ModelCardV1[], deployments: Readonly<Record<string, string>> = {}): readonly ModelCardV1[] {
  const named = Object.entries(deployments).map(([deployment, model]) => {
    const card = openAiCards.find((candidate) => candidate.id === model);
    if (!card) throw new Error(`Azure OpenAI deployment "${deployment}": "${model}" is not a model OpenAI's catalog knows; name a catalogued model, or leave it out and give its models[] entry a pricing`);
    return { ...card, id: deployment, displayName: `${card.displayName ?? card.id} (${deployment})` };
  });
  return named.length === 0 ? openAiCards : [...openAiCards.filter((card) => !(card.id in deployments)), ...named];
}
