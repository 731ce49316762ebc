// The limit is read by several features (trade, dashboard, verification): it lives in lib.
export { getTradingLimit, LIMIT_QUERY_KEY, tradingLimitQueryOptions, useTradingLimit } from '#web/lib/trading-limit.js';
