/**
 * The client timeout tests give a local fake (prices, SMS) that answers: longer than any test may
 * run, so a loaded machine never turns a slow answer into a timeout and a timeout never decides
 * an outcome (docs/decisions/044). Tests of the timeout itself give a short one to a fake that
 * hangs: it then fires whatever the machine's speed.
 */
export const UNREACHED_TIMEOUT_MS = 10 * 60_000;

/**
 * How long a test waits for a real server it started (scripts/start.mjs builds it first) to say it
 * is running: a bound only a hang reaches. The build and start take about 10 s on a quiet machine
 * and passed 90 s in a full `npm test` beside other work at load 20 (issue 29).
 */
export const SERVER_START_MS = 5 * 60_000;

/**
 * vi.waitFor's options for a wait on a condition: its default gives up after 1 s, which a loaded
 * machine can pass; this bounds it by the test's own timeout instead.
 */
export const WAIT = { timeout: 25_000, interval: 50 } as const;
