import { googleProvider } from './google-provider.js';

export default googleProvider;
export { createGoogleChatTranslator } from './google-provider.js';
export type { GoogleSettings, GoogleSchemaDialect, GoogleThinkingBudgets } from './google-settings.js';
// The Gemini wire types live in @modelgate/core (protocol/gemini), shared with the Gemini front.
export type { GoogleGenerateContentRequest, GoogleGenerateContentResponse, GooglePart, GoogleContent } from '@modelgate/core';
