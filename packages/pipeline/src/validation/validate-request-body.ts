import { invalidRequest, type JsonSchema } from '@modelgate/core';
import { compileSchema, describeSchemaError, pickPrimaryError } from './schema-compiler.js';

export type BodyValidator<T> = (body: unknown) => T;

/** A validator that returns the typed body or throws a 400 naming the offending `param`. */
export function createBodyValidator<T>(schema: JsonSchema): BodyValidator<T> {
  const validate = compileSchema<T>(schema);
  return (body) => {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw invalidRequest('The request body must be a JSON object.');
    }
    if (validate(body)) return body;
    const primary = pickPrimaryError(validate.errors);
    const { param, message } = primary ? describeSchemaError(primary) : { param: null, message: 'Invalid request body.' };
    throw invalidRequest(message, param, 'invalid_value');
  };
}
