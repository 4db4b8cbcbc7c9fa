import type { GoogleScriptedReply } from '@modelgate/provider-google/testing';

// A three-turn tool conversation with thinking on, as the Gemini simulator plays it: one call, then
// two parallel calls (Google signs only the first), then the answer (signed on its last part).
// Every signature is minted by the simulator; the tests check each one comes back in place.

export const THINKING_MODEL = 'gemini-3.8-flash';

export const WEATHER_PARAMETERS = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false };
export const TIME_PARAMETERS = { type: 'object', properties: { zone: { type: 'string' } }, required: ['zone'] };

export const THINKING_TURNS: readonly GoogleScriptedReply[] = [
  {
    parts: [
      { text: 'The user wants Oslo first.', thought: true },
      { functionCall: { name: 'get_weather', args: { city: 'Oslo' } } },
    ],
    usage: { thoughtsTokenCount: 40 },
  },
  {
    parts: [
      { text: 'Now Bergen and the local time, in parallel.', thought: true },
      { functionCall: { name: 'get_weather', args: { city: 'Bergen' } } },
      { functionCall: { name: 'get_time', args: { zone: 'Europe/Oslo' } } },
    ],
    callsInSeparateChunks: true,
  },
  { parts: [{ text: 'Summing up.', thought: true }, { text: 'Oslo 4C, Bergen 7C, 10:00 local.' }] },
];

export const USER_QUESTION = 'Weather in Oslo and Bergen, and the time there?';

/** What the tools answer, by function and argument. */
export function toolResult(name: string, args: Record<string, unknown>): string {
  if (name === 'get_time') return '10:00';
  return args.city === 'Oslo' ? '4C' : '7C';
}
