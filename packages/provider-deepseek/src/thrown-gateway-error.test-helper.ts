import { GatewayError } from '@modelgate/core';

/** The GatewayError `run` throws; fails the test when it throws nothing or something else. */
export function thrownGatewayError(run: () => unknown): GatewayError {
  try {
    run();
  } catch (error) {
    if (GatewayError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a GatewayError, but nothing was thrown');
}
