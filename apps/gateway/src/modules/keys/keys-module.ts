import { StaticKeyResolver } from '../../auth/static-key-resolver.js';
import { StoreKeyResolver } from '../../auth/store-key-resolver.js';
import { defineModule } from '../gateway-module.js';
import { keysConfigFragment, type KeysSection } from './keys-config.js';

/** Service keys: the config's (`keys`), then those issued into the store (CLI, `/admin`). */
export const keysModule = defineModule<KeysSection>({
  id: 'keys',
  configSchema: keysConfigFragment,
  create(config, context) {
    return { keys: [new StaticKeyResolver(config.keys), new StoreKeyResolver(context.store)] };
  },
});
