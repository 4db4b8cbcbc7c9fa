import { deepSeekProvider } from './deepseek-provider.js';

export default deepSeekProvider;
export type { DeepSeekForcedToolChoice, DeepSeekJsonSchemaHandling, DeepSeekSettings } from './deepseek-settings.js';
