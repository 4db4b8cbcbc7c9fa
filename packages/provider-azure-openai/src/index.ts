import { azureOpenAiProvider } from './azure-openai-provider.js';

export default azureOpenAiProvider;
export type { AzureOpenAiSettings } from './azure-openai-settings.js';
