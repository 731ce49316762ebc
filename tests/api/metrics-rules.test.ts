import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createTestApp, type TTestApp } from '#test/helpers/test-app.js';

const TOKEN = 'metrics-token-for-tests-0123456789abcdef';

/** The metric names a PromQL expression reads (the app's own, the HTTP and the process ones). */
function metricNames(expr: string): string[] {
  return [...expr.matchAll(/\b(cedicrypto_\w+|http_request_\w+|process_\w+|nodejs_\w+)\b/g)].map((m) => m[1]!);
}

type TRule = { alert: string; expr: string; for?: string; labels: { severity: string }; annotations: { summary: string } };

/**
 * The alert rules (ops/prometheus/alerts.yml) and the Grafana dashboard (ops/grafana/) read only
 * metrics the server exposes (issue 30 point 4): a renamed metric fails here, not silently in a
 * dashboard nobody looks at until the night it matters.
 */
describe('alert rules and dashboard', () => {
  let t: TTestApp;
  let exposed: Set<string>;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    const response = await t.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    exposed = new Set<string>();
    for (const line of response.body.split('\n')) {
      const typed = /^# TYPE (\S+) (\w+)/.exec(line);
      if (typed) {
        exposed.add(typed[1]!);
        // A histogram or summary is read through its series.
        if (typed[2] === 'histogram') for (const suffix of ['_bucket', '_count', '_sum']) exposed.add(`${typed[1]}${suffix}`);
        if (typed[2] === 'summary') for (const suffix of ['_count', '_sum']) exposed.add(`${typed[1]}${suffix}`);
      }
    }
  });
  afterAll(() => t.close());

  const rules: TRule[] = (parse(readFileSync('ops/prometheus/alerts.yml', 'utf8')) as { groups: { rules: TRule[] }[] }).groups.flatMap(
    (group) => group.rules,
  );
  const dashboard = JSON.parse(readFileSync('ops/grafana/cedicrypto-dashboard.json', 'utf8')) as {
    panels: { id: number; title: string; targets: { expr: string }[] }[];
  };

  it('has alerts that say how urgent they are and what happened', () => {
    expect(rules.length).toBeGreaterThanOrEqual(10);
    for (const rule of rules) {
      expect(rule.alert, JSON.stringify(rule)).toMatch(/^[A-Z][A-Za-z]+$/);
      expect(['page', 'ticket'], rule.alert).toContain(rule.labels.severity);
      expect(rule.annotations.summary.length, rule.alert).toBeGreaterThan(10);
    }
    expect(new Set(rules.map((rule) => rule.alert)).size).toBe(rules.length);
  });

  it('alerts only on metrics the server exposes', () => {
    for (const rule of rules) {
      for (const name of metricNames(rule.expr)) expect(exposed.has(name), `${rule.alert}: ${name}`).toBe(true);
    }
    // What should wake someone is covered: paid orders, prices, emails, the servers.
    const watched = rules.flatMap((rule) => metricNames(rule.expr));
    for (const name of [
      'cedicrypto_oldest_paid_order_waiting_seconds',
      'cedicrypto_price_age_seconds',
      'cedicrypto_outbox_oldest_pending_seconds',
      'cedicrypto_job_last_success_timestamp_seconds',
      'http_request_duration_seconds_count',
    ])
      expect(watched).toContain(name);
  });

  it('draws dashboard panels from metrics the server exposes', () => {
    expect(new Set(dashboard.panels.map((panel) => panel.id)).size).toBe(dashboard.panels.length);
    for (const panel of dashboard.panels) {
      expect(panel.targets.length, panel.title).toBeGreaterThan(0);
      for (const { expr } of panel.targets) {
        const names = metricNames(expr);
        expect(names.length, `${panel.title}: ${expr}`).toBeGreaterThan(0);
        for (const name of names) expect(exposed.has(name), `${panel.title}: ${name}`).toBe(true);
      }
    }
  });

  it('fails on a metric the server does not have', () => {
    expect(metricNames('max(cedicrypto_no_such_thing_seconds) > 1').every((name) => exposed.has(name))).toBe(false);
  });
});
