import type { ModelPricingV1 } from '@modelgate/core';
import type { TokenEstimate } from '../fronts/shared/estimate-tokens.js';

/** What admission decides on, besides the exchange's key. */
export interface AdmissionTarget {
  readonly endpoint: string;
  readonly model: string;
  readonly family: string;
  readonly pricing?: ModelPricingV1;
  /**
   * The front's estimate of the request's tokens (prompt, and prompt plus the most it may generate);
   * computed when first read, so read it only when needed.
   */
  readonly estimate: TokenEstimate;
  /**
   * Why the gateway cannot price this request, as a phrase (a model without a price among those
   * that may serve it, fallbacks included; a part the vendor bills beyond its usage), or undefined;
   * computed when first read, for keys with a budget.
   */
  readonly unpriced: string | undefined;
}
