import type { AuthenticatedKey, KeyResolver } from '../../auth/authenticated-key.js';
import { StaticKeyResolver } from '../../auth/static-key-resolver.js';
import { StoreKeyResolver } from '../../auth/store-key-resolver.js';
import { defineModule } from '../gateway-module.js';
import { keysConfigFragment, type KeysSection } from './keys-config.js';

/** Service keys: the config's (`keys`), then those issued into the store (CLI, `/admin`). */
export const keysModule = defineModule<KeysSection>({
  id: 'keys',
  configSchema: keysConfigFragment,
  create(config, context) {
    return { keys: firstThatKnows([new StaticKeyResolver(config.keys), new StoreKeyResolver(context.store)]) };
  },
});

/** Resolvers tried in turn; the config's answer at once, without a promise, for the commonest case. */
export function firstThatKnows(resolvers: readonly KeyResolver[]): KeyResolver {
  return {
    authenticate(presented) {
      const tryFrom = (index: number): AuthenticatedKey | undefined | Promise<AuthenticatedKey | undefined> => {
        for (let at = index; at < resolvers.length; at++) {
          const found = resolvers[at]!.authenticate(presented);
          if (found instanceof Promise) return found.then((key) => key ?? tryFrom(at + 1));
          if (found) return found;
        }
        return undefined;
      };
      return tryFrom(0);
    },
  };
}
