import type { CatalogEntry } from './catalog-entry.js';
import { endpointPaths, formatCapabilities, formatPrice, formatTokens } from './format-catalog-values.js';

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

export interface CatalogPattern {
  readonly provider: string;
  readonly family: string;
  readonly patterns: readonly string[];
}

const COLUMNS = ['Model id', 'Family', 'Provider', 'Upstream model', 'Context', 'Max output', 'Input', 'Cached input', 'Output', 'Capabilities', 'Endpoints'];

function modelCell(entry: CatalogEntry): string {
  const name = entry.displayName ? `<br><small>${escapeHtml(entry.displayName)}</small>` : '';
  const aliases = entry.aliases.length > 0 ? `<br><small>aliases: ${entry.aliases.map((alias) => `<code>${escapeHtml(alias)}</code>`).join(', ')}</small>` : '';
  const retires = entry.retiresOn ? `<br><small class="retiring">retires ${escapeHtml(entry.retiresOn)}</small>` : '';
  return `<code>${escapeHtml(entry.id)}</code>${name}${aliases}${retires}`;
}

function row(entry: CatalogEntry): string {
  const cells = [
    modelCell(entry),
    escapeHtml(entry.family),
    escapeHtml(entry.provider),
    `<code>${escapeHtml(entry.upstreamModel)}</code>`,
    formatTokens(entry.contextWindow),
    formatTokens(entry.maxOutputTokens),
    formatPrice(entry.pricing?.input),
    formatPrice(entry.pricing?.cachedInput),
    formatPrice(entry.pricing?.output),
    escapeHtml(formatCapabilities(entry.capabilities)),
    endpointPaths(entry.endpoints).map((path) => `<code>${escapeHtml(path)}</code>`).join('<br>'),
  ];
  return `<tr>${cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>`;
}

/**
 * The human-readable catalog at `GET /catalog`: one row per model the gateway lists, with its
 * family, the upstream model it maps to, limits, list prices (USD per million tokens),
 * capabilities and endpoints, and the id patterns each provider serves without a config entry.
 * Plain HTML and CSS, no script; on a phone each model becomes a card of labelled lines.
 */
export function renderModelCatalogHtml(entries: readonly CatalogEntry[], patterns: readonly CatalogPattern[]): string {
  const patternItems = patterns
    .filter((entry) => entry.patterns.length > 0)
    .map((entry) => `<li>${escapeHtml(entry.provider)} (${escapeHtml(entry.family)}): ${entry.patterns.map((pattern) => `<code>${escapeHtml(pattern)}</code>`).join(', ')}</li>`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Modelgate model catalog</title>
<style>
body { font-family: system-ui, sans-serif; margin: 1rem; color: #222; line-height: 1.4; }
table { border-collapse: collapse; }
th, td { border-bottom: 1px solid #ddd; padding: 0.4rem 0.8rem; text-align: left; vertical-align: top; }
th { background: #f5f5f5; }
td:nth-child(n+5):nth-child(-n+9) { text-align: right; }
.retiring { color: #a33; }
@media (max-width: 48rem) {
  thead { display: none; }
  table, tbody, tr, td { display: block; }
  tr { border: 1px solid #ddd; border-radius: 0.4rem; margin-bottom: 0.8rem; padding: 0.4rem; }
  td, td:nth-child(n+5):nth-child(-n+9) { border: 0; padding: 0.15rem 0.4rem; text-align: left; }
  td::before { font-weight: 600; }
${COLUMNS.slice(1).map((column, index) => `  td:nth-child(${index + 2})::before { content: "${column}: "; }`).join('\n')}
}
</style>
</head>
<body>
<h1>Model catalog</h1>
<p>Models this gateway serves, with the endpoints that serve each. Prices are list prices in USD per million tokens, as configured.</p>
<table>
<thead><tr>${COLUMNS.map((column) => `<th>${column}</th>`).join('')}</tr></thead>
<tbody>
${entries.map(row).join('\n')}
</tbody>
</table>
${patternItems ? `<h2>Also served by id pattern</h2>\n<ul>\n${patternItems}\n</ul>\n<p>Any model of a provider is also reachable as <code>&lt;provider&gt;/&lt;model&gt;</code>.</p>` : ''}
</body>
</html>
`;
}
