import { bedrockProvider } from './bedrock-provider.js';

export default bedrockProvider;
export type { BedrockSettings } from './bedrock-settings.js';
