import { googleProvider } from './google-provider.js';

export default googleProvider;
export { createGoogleChatTranslator } from './google-provider.js';
export type { GoogleSettings, GoogleSchemaDialect, GoogleThinkingBudgets } from './google-settings.js';
export type * from './google-generative-language-api-types.js';
