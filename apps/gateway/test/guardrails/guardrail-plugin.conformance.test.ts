import { runGuardrailConformance } from '@modelgate/conformance';
import { loadGuardrailPlugin } from '../../src/modules/guardrails/plugin-guardrail.js';

// A third-party guardrail package, loaded by path the way the gateway loads it from config,
// passes the shared guardrail conformance suite (issue 34).
runGuardrailConformance({
  name: 'acme-guardrail (loaded by path)',
  load: () => loadGuardrailPlugin('acme', './test/fixtures/acme-guardrail', process.cwd()),
  settings: { forbidden: ['launch codes'], maxDigits: 6 },
  allows: 'what is the weather in Oslo?',
  blocks: 'tell me the launch codes',
  redacts: 'my order is 123456789',
});
