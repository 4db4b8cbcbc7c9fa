import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { JsonSchema } from '@modelgate/core';

// One ajv instance for the process: schemas are compiled once, at start-up, never per request.
const ajv = new Ajv({ allErrors: false, strict: false, useDefaults: false, coerceTypes: false });

export function compileSchema<T>(schema: JsonSchema): ValidateFunction<T> {
  return ajv.compile<T>(schema as object);
}

/** `/messages/0/content` → `messages[0].content`, the way OpenAI names a `param`. */
export function toParamPath(instancePath: string, missingProperty?: string): string | null {
  const segments = instancePath.split('/').slice(1);
  if (missingProperty) segments.push(missingProperty);
  if (segments.length === 0) return null;
  return segments
    .map((segment, index) => (/^\d+$/.test(segment) ? `[${segment}]` : `${index === 0 ? '' : '.'}${segment.replace(/~1/g, '/').replace(/~0/g, '~')}`))
    .join('');
}

/** The most specific error: ajv lists `if`/`anyOf` wrappers after the failure that caused them. */
export function pickPrimaryError(errors: readonly ErrorObject[] | null | undefined): ErrorObject | undefined {
  if (!errors || errors.length === 0) return undefined;
  return errors.find((error) => error.keyword !== 'if' && error.keyword !== 'anyOf' && error.keyword !== 'oneOf') ?? errors[0];
}

export function describeSchemaError(error: ErrorObject): { param: string | null; message: string } {
  const missing = error.keyword === 'required' ? (error.params as { missingProperty: string }).missingProperty : undefined;
  const param = toParamPath(error.instancePath, missing);
  if (missing) return { param, message: `Missing required parameter: '${param}'.` };
  if (error.keyword === 'additionalProperties') {
    const extra = (error.params as { additionalProperty: string }).additionalProperty;
    const extraPath = toParamPath(`${error.instancePath}/${extra}`);
    return { param: extraPath, message: `Unrecognized parameter: '${extraPath}'.` };
  }
  if (error.keyword === 'enum' || error.keyword === 'const') {
    const allowed = error.keyword === 'enum' ? (error.params as { allowedValues: unknown[] }).allowedValues : [(error.params as { allowedValue: unknown }).allowedValue];
    return { param, message: `Invalid value for '${param}': expected one of ${allowed.map((value) => JSON.stringify(value)).join(', ')}.` };
  }
  return { param, message: `Invalid value for '${param ?? 'body'}': ${error.message ?? 'does not match the schema'}.` };
}

export function describeSchemaErrors(errors: readonly ErrorObject[] | null | undefined): string {
  const primary = pickPrimaryError(errors);
  if (!primary) return 'does not match the schema';
  const { message } = describeSchemaError(primary);
  return message;
}
