// Lua run atomically inside Redis, so replicas never interleave a check with another's update.
// Redis's own clock (TIME) is used, so replicas with drifting clocks still agree.

/**
 * KEYS: requests window, tokens window, concurrency leases (sorted set scored by expiry).
 * ARGV: rpm, tpm, maxConcurrent (0 = off), estimated tokens, lease id, lease ms, window ms.
 * Returns { refusedBy or '', requests used, requests reset ms, tokens used, tokens reset ms, retry ms }.
 */
export const ACQUIRE_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local rpm, tpm, maxConcurrent = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local tokens, window = tonumber(ARGV[4]), tonumber(ARGV[7])
local function current(key)
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then return 0, window end
  return tonumber(redis.call('GET', key)), ttl
end
local requestsUsed, requestsReset = current(KEYS[1])
local tokensUsed, tokensReset = current(KEYS[2])
local inFlight = 0
if maxConcurrent > 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
  inFlight = redis.call('ZCARD', KEYS[3])
end
local refusedBy, retry = '', 0
if rpm > 0 and requestsUsed + 1 > rpm then refusedBy, retry = 'requests', requestsReset
elseif tpm > 0 and tokensUsed + tokens > tpm then refusedBy, retry = 'tokens', tokensReset
elseif maxConcurrent > 0 and inFlight >= maxConcurrent then refusedBy, retry = 'concurrency', 1000
end
if refusedBy == '' then
  if rpm > 0 then
    requestsUsed = redis.call('INCR', KEYS[1])
    if requestsUsed == 1 then redis.call('PEXPIRE', KEYS[1], window) end
  end
  if tpm > 0 then
    if redis.call('EXISTS', KEYS[2]) == 0 then redis.call('SET', KEYS[2], tokens, 'PX', window)
    else redis.call('INCRBY', KEYS[2], tokens) end
    tokensUsed = tokensUsed + tokens
  end
  if maxConcurrent > 0 then
    redis.call('ZADD', KEYS[3], now + tonumber(ARGV[6]), ARGV[5])
    redis.call('PEXPIRE', KEYS[3], ARGV[6])
  end
end
return { refusedBy, requestsUsed, requestsReset, tokensUsed, tokensReset, retry }
`;

/** KEYS: tokens window. ARGV: delta. Adjusts a live window only, never below zero. */
export const RECONCILE_SCRIPT = `
local used = redis.call('GET', KEYS[1])
if not used then return 0 end
local delta = math.max(tonumber(ARGV[1]), -tonumber(used))
return redis.call('INCRBY', KEYS[1], delta)
`;
