import { ANTHROPIC_DEFAULT_BASE_URL, ANTHROPIC_DEFAULT_VERSION, type AnthropicSettings } from './anthropic-settings.js';

export interface AnthropicUpstreamEndpoint {
  readonly messagesUrl: string;
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * The API's root with its `/v1`: given either way, as this provider has always taken it
 * (`https://api.anthropic.com/v1`) or as Anthropic's SDKs and ANTHROPIC_BASE_URL do
 * (`https://api.anthropic.com`, or a proxy's prefix to which they add `/v1/messages`).
 */
function anthropicApiRoot(baseUrl: string = ANTHROPIC_DEFAULT_BASE_URL): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  return trimmed.endsWith('/v1') ? trimmed : `${trimmed}/v1`;
}

/** URL and headers (PROTOCOLS D.1), resolved once per provider instance. */
export function createAnthropicUpstreamEndpoint(settings: AnthropicSettings): AnthropicUpstreamEndpoint {
  const baseUrl = anthropicApiRoot(settings.baseUrl);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'anthropic-version': settings.anthropicVersion ?? ANTHROPIC_DEFAULT_VERSION,
    ...settings.headers,
  };
  if (settings.apiKey) headers['x-api-key'] = settings.apiKey;
  if (settings.betas && settings.betas.length > 0) headers['anthropic-beta'] = settings.betas.join(',');
  return { messagesUrl: `${baseUrl}/messages`, headers: Object.freeze(headers) };
}
