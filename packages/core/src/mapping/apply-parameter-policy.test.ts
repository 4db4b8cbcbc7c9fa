import { describe, expect, it } from '@jest/globals';
import { GatewayError } from '../errors/gateway-error.js';
import type { TranslationWarningV1 } from '../plugin/v1/call-context-v1.js';
import { applyParameterPolicy } from './apply-parameter-policy.js';
import { defineParameterMap } from './define-parameter-map.js';

interface ExampleRequest {
  model: string;
  n?: number | null;
  seed?: number;
}

const policy = defineParameterMap<ExampleRequest>({
  model: { mapped: 'routing' },
  n: { unsupported: 'only one choice per request', accepts: (value) => value === 1 },
  seed: { unsupported: 'no deterministic sampling' },
});

describe('applyParameterPolicy', () => {
  it('keeps mapped fields, accepted values and nulls', () => {
    const request = { model: 'm', n: 1, seed: null as unknown as number };
    expect(applyParameterPolicy(request, policy, { vendorName: 'Acme', handling: 'reject', warn: () => undefined })).toEqual(request);
  });

  it('rejects an unsupported value with a 400 naming the field', () => {
    let caught: unknown;
    try {
      applyParameterPolicy({ model: 'm', n: 2 }, policy, { vendorName: 'Acme', handling: 'reject', warn: () => undefined });
    } catch (error) {
      caught = error;
    }
    expect(GatewayError.isInstance(caught)).toBe(true);
    expect((caught as GatewayError).toBody()).toMatchObject({ param: 'n', code: 'unsupported_parameter' });
    expect((caught as GatewayError).status).toBe(400);
  });

  it('drops with a warning under drop, unknown fields included', () => {
    const warnings: TranslationWarningV1[] = [];
    const kept = applyParameterPolicy({ model: 'm', seed: 7, brand_new: true } as ExampleRequest, policy, {
      vendorName: 'Acme',
      handling: 'drop',
      warn: (warning) => warnings.push(warning),
    });
    expect(kept).toEqual({ model: 'm' });
    expect(warnings.map((warning) => warning.parameter)).toEqual(['seed', 'brand_new']);
  });
});
