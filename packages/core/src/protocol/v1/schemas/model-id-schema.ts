import type { JsonSchema } from './json-schema.js';

/**
 * Longest model id a client may send. Vendors' ids are far shorter (fine-tuned OpenAI ids and
 * `<instance>/<model>` forms stay under 100 characters); the bound keeps a client from making the
 * gateway hold, log, label or echo megabytes under the name of a model.
 */
export const MODEL_ID_MAX_LENGTH = 256;

/**
 * A request's `model`: 1 to 256 visible ASCII characters (no spaces, no control characters, nothing
 * outside ASCII). Checked with the body, so an id that could not go into a response header
 * (`x-modelgate-model`) or a metrics label is a 400 before any upstream call.
 */
export const modelIdSchema: JsonSchema = { type: 'string', minLength: 1, maxLength: MODEL_ID_MAX_LENGTH, pattern: '^[!-~]+$' };
