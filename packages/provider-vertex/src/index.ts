import { vertexProvider } from './vertex-provider.js';

export default vertexProvider;
export type { VertexSettings } from './vertex-settings.js';
