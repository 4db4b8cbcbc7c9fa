import { randomToken } from '@modelgate/testkit';

/** The fields every chunk of one completion shares (PROTOCOLS A.5), and the JSON answer carries too. */
export interface CompletionIdentity {
  id: string;
  created: number;
  model: string;
  systemFingerprint: string;
}

const SYSTEM_FINGERPRINT = 'fp_simulator';

export function newCompletionIdentity(model: string): CompletionIdentity {
  return {
    id: `chatcmpl-${randomToken()}`,
    created: Math.floor(Date.now() / 1000),
    model,
    systemFingerprint: SYSTEM_FINGERPRINT,
  };
}
