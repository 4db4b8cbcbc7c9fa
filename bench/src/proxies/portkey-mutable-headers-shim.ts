// Loaded into Portkey's process (`node --import`). Portkey 1.15.2 on Node adds its x-portkey-*
// headers to the upstream's fetch Response, whose headers are immutable, so every streamed answer
// fails with "TypeError: immutable" (Portkey-AI/gateway#1550; the fix, #1551, is unreleased).
// Re-wrapping what fetch returns in a new Response makes the headers mutable, as that fix does;
// it costs Portkey one small object per request.

const originalFetch = globalThis.fetch;

globalThis.fetch = async function fetchWithMutableHeaders(...parameters: Parameters<typeof fetch>): Promise<Response> {
  const response = await originalFetch(...parameters);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers: new Headers(response.headers) });
};
