import type { CatalogEntry } from './catalog-entry.js';
import { bundledCatalog, bundledProviderInstances } from './bundled-catalog.js';
import { endpointPaths, formatCapabilities, formatPrice, formatTokens } from './format-catalog-values.js';

function modelRow(entry: CatalogEntry): string {
  const name = [entry.displayName, entry.retiresOn ? `retires ${entry.retiresOn}` : undefined].filter(Boolean).join('; ') || '–';
  const cells = [
    `\`${entry.id}\``,
    name,
    formatTokens(entry.contextWindow),
    formatTokens(entry.maxOutputTokens),
    formatPrice(entry.pricing?.input),
    formatPrice(entry.pricing?.cachedInput),
    formatPrice(entry.pricing?.cacheWrite),
    formatPrice(entry.pricing?.cacheWrite1h),
    formatPrice(entry.pricing?.output),
    formatCapabilities(entry.capabilities),
    endpointPaths(entry.endpoints).map((path) => `\`${path}\``).join(', '),
  ];
  return `| ${cells.join(' | ')} |`;
}

/** docs/models.md, generated: `node apps/gateway/scripts/generate-models-doc.mjs`. */
export function renderModelsDoc(): string {
  const instances = bundledProviderInstances();
  const entries = bundledCatalog(instances);
  const lines = [
    '<!-- Generated from the bundled providers\' model cards by `node apps/gateway/scripts/generate-models-doc.mjs`',
    '     (after a build); a test fails when this file differs. -->',
    '',
    '# Models',
    '',
    'Every model the bundled providers know, from the same model cards `GET /catalog` and `/v1/models` use.',
    'A running gateway lists what it serves to your key: `GET /v1/models` (OpenAI\'s list format) and',
    '`GET /catalog` (a page for people). Prices are list prices in USD per million tokens; override any',
    'field per model in the config (`models[]`: `pricing`, `displayName`, `contextWindow`, `maxOutputTokens`,',
    '`capabilities`). Ids not listed here are served too when they match a provider\'s patterns, and any',
    'model of a provider instance as `<instance>/<model>` (see [configuration.md](configuration.md)).',
    'Cache writes are priced per time to live: 5 minutes (Anthropic\'s default) and 1 hour ([caching.md](caching.md));',
    'a cache read is the cached input price. Each instance is listed as served alone: an id two',
    'instances serve (OpenAI\'s and Azure\'s `gpt-5`) takes the instance\'s name, `azure-openai/gpt-5`.',
    'The cloud hosts (Azure OpenAI, Bedrock, Vertex) are shown with their vendor profile\'s defaults:',
    'Claude on Vertex at the `global` location; in a region, Bedrock\'s `us.`/`eu.` profiles and Vertex\'s',
    'regions cost 10% more ([cloud-hosts.md](cloud-hosts.md#prices)).',
    '',
  ];
  for (const instance of instances) {
    const own = entries.filter((entry) => entry.provider === instance.id);
    lines.push(`## ${instance.family} (\`${instance.source}\`, instance \`${instance.id}\`)`, '');
    if (instance.unlistedModelPatterns.length > 0) {
      lines.push(`Served by id pattern: ${instance.unlistedModelPatterns.map((pattern) => `\`${String(pattern)}\``).join(', ')}.`, '');
    }
    lines.push(
      '| Model | Name | Context | Max output | Input | Cached input | Cache write 5m | Cache write 1h | Output | Capabilities | Endpoints |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
      ...own.map(modelRow),
      '',
    );
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
