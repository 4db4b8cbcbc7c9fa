import { openAiProvider } from './openai-provider.js';

export default openAiProvider;
export type { OpenAiSettings } from './openai-settings.js';
