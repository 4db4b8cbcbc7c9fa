import { bedrockConverseProvider } from './converse-provider.js';

export default bedrockConverseProvider;
export type { BedrockSettings } from '../bedrock-settings.js';
