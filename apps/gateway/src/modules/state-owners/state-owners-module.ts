import { StateOwnerBook } from '../../state/state-owner-book.js';
import { defineModule } from '../gateway-module.js';

/**
 * Which key created which vendor-side state (a stored Responses answer, an encrypted blob): noted
 * when an answer is complete, asked by the pipeline when a request chains it.
 */
export const stateOwnersModule = defineModule({
  id: 'state-owners',
  create(_config, context) {
    const book = new StateOwnerBook(context.store, context.logger);
    return { extension: book, stateOwners: book };
  },
});
