import type { ModelRoute } from '@modelgate/pipeline';

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

function formatTokens(count: number | undefined): string {
  if (count === undefined) return '–';
  return count >= 1000 ? `${Math.round(count / 1000).toLocaleString('en-US')}k` : String(count);
}

function formatPrice(usdPerMillion: number | undefined): string {
  return usdPerMillion === undefined ? '–' : `$${usdPerMillion.toFixed(usdPerMillion < 1 ? 3 : 2)}`;
}

export interface CatalogPattern {
  readonly provider: string;
  readonly family: string;
  readonly patterns: readonly string[];
}

/**
 * The human-readable catalog at `GET /catalog`: one row per model the gateway lists, with its
 * family, the upstream model it maps to, limits and list prices (USD per million tokens), and the
 * id patterns each provider serves without a config entry.
 */
export function renderModelCatalogHtml(routes: readonly ModelRoute[], patterns: readonly CatalogPattern[]): string {
  const rows = routes
    .map((route) => {
      const cells = [
        `<code>${escapeHtml(route.publicId)}</code>${route.aliases.length > 0 ? `<br><small>aliases: ${route.aliases.map((alias) => `<code>${escapeHtml(alias)}</code>`).join(', ')}</small>` : ''}`,
        escapeHtml(route.instance.family),
        escapeHtml(route.instance.id),
        `<code>${escapeHtml(route.upstreamModel)}</code>`,
        formatTokens(route.card?.contextWindow),
        formatTokens(route.card?.maxOutputTokens),
        formatPrice(route.pricing?.input),
        formatPrice(route.pricing?.cachedInput),
        formatPrice(route.pricing?.output),
      ];
      return `<tr>${cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>`;
    })
    .join('\n');
  const patternItems = patterns
    .filter((entry) => entry.patterns.length > 0)
    .map((entry) => `<li>${escapeHtml(entry.provider)} (${escapeHtml(entry.family)}): ${entry.patterns.map((pattern) => `<code>${escapeHtml(pattern)}</code>`).join(', ')}</li>`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Modelgate model catalog</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem; color: #222; }
table { border-collapse: collapse; }
th, td { border-bottom: 1px solid #ddd; padding: 0.4rem 0.8rem; text-align: left; vertical-align: top; }
th { background: #f5f5f5; }
td:nth-child(n+5) { text-align: right; }
</style>
</head>
<body>
<h1>Model catalog</h1>
<p>Models this gateway serves at <code>/v1/chat/completions</code> (and, for the OpenAI family, <code>/v1/responses</code>). Prices are list prices in USD per million tokens, as configured.</p>
<table>
<thead><tr><th>Model id</th><th>Family</th><th>Provider</th><th>Upstream model</th><th>Context</th><th>Max output</th><th>Input</th><th>Cached input</th><th>Output</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
${patternItems ? `<h2>Also served by id pattern</h2>\n<ul>\n${patternItems}\n</ul>` : ''}
</body>
</html>
`;
}
