/** Prometheus metrics: what the server reports (`Metrics`), the registry and the /metrics route. */
export { noMetrics, RATE_LIMIT_SCOPES, RATE_LIMIT_VERDICTS, type Metrics, type RateLimitScope, type RateLimitVerdict } from "./metrics";
export { PrometheusMetrics, TABLEE_METRICS, type ScrapeSources } from "./prometheus";
export { bearerMatches, metricsAccessOf, registerMetricsRoute, type MetricsAccess } from "./route";
export { observedDecider } from "./decider";
export { scrapeSources } from "./sources";
export { LabelValues, OTHER } from "./labels";
