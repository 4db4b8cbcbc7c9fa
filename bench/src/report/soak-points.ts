import type { SoakMeasurement } from '../measure/measure-soak.js';

/** RSS after the soak's warm-up, at its middle slice and at its end, MB. */
export interface SoakPoints {
  readonly start: number;
  readonly middle: number;
  readonly end: number;
}

export function soakPoints(soak: SoakMeasurement): SoakPoints {
  const samples = soak.rssSamplesMegabytes;
  const start = soak.rssBeforeMegabytes;
  return { start, middle: samples[Math.floor((samples.length - 1) / 2)] ?? start, end: samples.at(-1) ?? start };
}
