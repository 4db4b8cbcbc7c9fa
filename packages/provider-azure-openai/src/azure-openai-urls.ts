import type { OpenAiCompatibleEndpoint } from '@modelgate/provider-openai-compatible';
import type { AzureOpenAiSettings } from './azure-openai-settings.js';

/** Where one Azure OpenAI resource answers, in the URL shape its settings chose. */
export interface AzureOpenAiUrls {
  /** Where the compatible base's `/chat/completions` is appended (the v1 API's root; classic chat is per deployment). */
  readonly base: string;
  /** The resource's OpenAI API: `{endpoint}/openai/v1` + path, or `{endpoint}/openai` + path + `?api-version=`. */
  readonly api: OpenAiCompatibleEndpoint;
  /** Classic URLs only: an operation of one deployment, `{endpoint}/openai/deployments/{deployment}` + path + `?api-version=`. */
  readonly deployment?: (deployment: string, path: string) => string;
}

/**
 * The URLs of an Azure OpenAI resource: the v1 API (GA since August 2025: `/openai/v1/...`, no
 * api-version, the deployment named in `model`) unless an `apiVersion` asks for the classic
 * deployment URLs. The key travels as `api-key` (Azure ignores `Authorization: Bearer <key>`);
 * Entra ID tokens are added by the provider's signer instead.
 */
export function azureOpenAiUrls(settings: AzureOpenAiSettings): AzureOpenAiUrls {
  const root = `${settings.endpoint.replace(/\/+$/, '').replace(/\/openai(\/v1)?$/, '')}/openai`;
  const headers: Record<string, string> = { 'content-type': 'application/json', ...settings.headers };
  if (settings.apiKey) headers['api-key'] = settings.apiKey;
  Object.freeze(headers);
  if (settings.apiVersion === undefined) return { base: `${root}/v1`, api: { url: (path) => `${root}/v1${path}`, headers } };
  const query = `?api-version=${encodeURIComponent(settings.apiVersion)}`;
  return {
    base: root,
    api: { url: (path) => `${root}${path}${query}`, headers },
    deployment: (deployment, path) => `${root}/deployments/${encodeURIComponent(deployment)}${path}${query}`,
  };
}
