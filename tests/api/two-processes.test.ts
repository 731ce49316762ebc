import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHAT_CLOSE, type TChatMessage } from '#shared/contracts/chat.js';
import { SUPER_ADMIN, TEMPLATE_DB } from '#test/setup/constants.js';
import { signedSessionCookie } from '#test/helpers/session-cookie.js';
import { openSocket, type SocketClient } from '#test/helpers/ws-client.js';
import { adminDatabaseUrl, killPoolerConnections, testDatabaseUrls } from '#test/helpers/test-app.js';

/**
 * Two real server processes on one PostgreSQL (what a deployment behind a load balancer does):
 * sessions, chat fan-out (LISTEN/NOTIFY) and the single price fetcher must hold across them.
 * Runs only when DATABASE_URL is set (for example `DATABASE_URL=postgres://... npx vitest run tests/api/two-processes.test.ts`).
 */
const root = path.resolve(import.meta.dirname, '../..');
const APP_URL = 'http://localhost:3000';
const ORIGIN = APP_URL;
const AUTH_SECRET = 'two-process-test-secret-0123456789abcdef';
/** Staff put straight into the database with a session (signing in with a second factor is tested elsewhere). */
const AGENT = { id: 'p2-support-agent', role: 'support', token: 'p2-support-agent-session-token' };
const MANAGER = { id: 'p2-manager', role: 'manager', token: 'p2-manager-session-token' };
const SUPER = { id: 'p2-super-admin', role: 'super_admin', token: 'p2-super-admin-session-token' };
/** A second support agent, whose role the super admin changes. */
const MOVED = { id: 'p2-moved-agent', role: 'support', token: 'p2-moved-agent-session-token' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

type TServer = { child: ChildProcess; port: number; base: string; output: () => string; exited: Promise<number | null> };

function startServer(urls: { databaseUrl: string; directUrl: string | undefined }, port: number): TServer {
  const { DATABASE_DIRECT_URL: _runs, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    NODE_ENV: 'production',
    DATABASE_URL: urls.databaseUrl,
    ...(urls.directUrl ? { DATABASE_DIRECT_URL: urls.directUrl } : {}),
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL,
    SERVE_WEB: 'false',
    AUTH_SECRET,
    ADMIN_EMAIL: SUPER_ADMIN.email,
    ADMIN_PASSWORD: SUPER_ADMIN.password,
    AUTH_RATE_LIMIT_MAX: '1000',
    PRICE_FEED: 'simulated',
    PRICE_REFRESH_SECONDS: '5',
    LOG_LEVEL: 'info',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, base: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Polls until `check` holds; the test's own timeout bounds the wait. */
async function until(check: () => boolean | Promise<boolean>) {
  while (!(await check())) await new Promise((r) => setTimeout(r, 100));
}

function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const post = (server: TServer, url: string, body: unknown, cookie?: string) =>
  fetch(`${server.base}${url}`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

describe.skipIf(!process.env.DATABASE_URL)('two server processes on one PostgreSQL', () => {
  let adminUrl: URL;
  let databaseName: string;
  let one: TServer;
  let two: TServer;
  const sockets: SocketClient[] = [];

  beforeAll(async () => {
    adminUrl = new URL(adminDatabaseUrl());
    databaseName = `p2_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName} TEMPLATE ${TEMPLATE_DB}`);
    await admin.end();
    const urls = testDatabaseUrls(databaseName);
    const db = new pg.Client({ connectionString: urls.directUrl ?? urls.databaseUrl });
    await db.connect();
    for (const staff of [AGENT, MANAGER, SUPER, MOVED]) {
      await db.query(
        `INSERT INTO users (id, name, full_name, email, username, role, two_factor_enabled)
         VALUES ($1, 'Staff Member', 'Staff Member', $1 || '@example.com', replace($1, '-', ''), $2, true)`,
        [staff.id, staff.role],
      );
      await db.query(`INSERT INTO sessions (id, token, user_id, expires_at) VALUES ($1, $2, $1, now() + interval '1 day')`, [
        staff.id,
        staff.token,
      ]);
    }
    await db.end();

    one = startServer(urls, await freePort());
    two = startServer(urls, await freePort());
    // Two servers compiled by tsx and started together, while the rest of the suite runs: the
    // bound is generous so that only a process that never gets ready fails here (CI once passed
    // 120 s here). A process that exits before it is ready fails the setup with what it printed.
    let gone: string | undefined;
    for (const server of [one, two])
      void server.exited.then((code) => (gone ??= `a server exited (${code}) before it was ready:\n${server.output()}`));
    await until(
      () => gone !== undefined || (one.output().includes('CediCrypto is running') && two.output().includes('CediCrypto is running')),
    );
    if (gone) throw new Error(gone);
  }, 300_000);

  afterAll(async () => {
    // A setup that timed out: what each process printed says where it stopped.
    for (const server of [one, two]) {
      if (server && !server.output().includes('CediCrypto is running'))
        console.error(`server on port ${server.port} not ready:\n${server.output()}`);
    }
    for (const socket of sockets) socket.ws.terminate();
    for (const server of [one, two]) server?.child.kill('SIGTERM');
    await Promise.all([one?.exited, two?.exited]);
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    if (inject('pooledDatabaseUrl')) await killPoolerConnections(databaseName);
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName}`);
    await admin.end();
  }, 60_000);

  async function connect(server: TServer, url: string, cookie: string) {
    const { client, status } = await openSocket(`ws://127.0.0.1:${server.port}${url}`, { cookie, origin: ORIGIN });
    if (!client) throw new Error(`socket refused: ${status}`);
    sockets.push(client);
    return client;
  }

  it('shares sessions, delivers chat across processes, and closes a ban’s sockets everywhere', async () => {
    // A session created through process 1 works on process 2.
    const username = `p2cust${Date.now().toString(36)}`;
    const signup = await post(one, '/api/account/signup', {
      username,
      fullName: 'Esi Owusu',
      email: `${username}@example.com`,
      password: 'Customer-Passw0rd!',
    });
    // Sign-up signs nobody in (docs/decisions/024): the password does.
    expect(signup.status).toBe(202);
    const login = await post(one, '/api/session/login', {
      email: `${username}@example.com`,
      password: 'Customer-Passw0rd!',
      portal: 'customer',
    });
    expect(login.status).toBe(200);
    const customer = cookieOf(login);
    const session = await fetch(`${two.base}/api/session`, { headers: { cookie: customer } });
    expect((await session.json()).user.email).toBe(`${username}@example.com`);

    const staff = signedSessionCookie(AGENT.token, AUTH_SECRET, { production: true });
    const agent = await fetch(`${two.base}/api/session`, { headers: { cookie: staff } });
    expect((await agent.json()).user.role).toBe('support');

    // Staff listen on process 2, the customer on process 1.
    const staffSocket = await connect(two, '/api/admin/chat/socket', staff);
    const customerSocket = await connect(one, '/api/chat/socket', customer);

    const sent = await post(one, '/api/chat/messages', { text: 'Sent through process 1' }, customer);
    expect(sent.status).toBe(201);
    const message = (await sent.json()).message as TChatMessage;
    expect((await staffSocket.waitFor('message', (e) => e.message.id === message.id)).message).toEqual(message);

    const answered = await post(
      two,
      `/api/admin/chat/conversations/${message.conversationId}/messages`,
      { text: 'Answered on process 2' },
      staff,
    );
    const answer = (await answered.json()).message as TChatMessage;
    expect((await customerSocket.waitFor('message', (e) => e.message.id === answer.id)).message.text).toBe('Answered on process 2');

    // Typing crosses too.
    customerSocket.send({ type: 'typing' });
    await staffSocket.waitFor('typing', (e) => e.conversationId === message.conversationId && e.sender === 'user');

    // A ban on process 2 closes the customer's socket on process 1.
    const me = await (await fetch(`${one.base}/api/session`, { headers: { cookie: customer } })).json();
    const banned = await post(
      two,
      `/api/admin/users/${me.user.id}/ban`,
      { reason: 'Fraud.' },
      signedSessionCookie(MANAGER.token, AUTH_SECRET, { production: true }),
    );
    expect(banned.status).toBe(200);
    expect((await customerSocket.closed).code).toBe(CHAT_CLOSE.accountChanged);
  }, 60_000);

  it('closes a staff socket on the other process when the agent’s role changes', async () => {
    const moved = signedSessionCookie(MOVED.token, AUTH_SECRET, { production: true });
    const socket = await connect(one, '/api/admin/chat/socket', moved);
    const changed = await fetch(`${two.base}/api/admin/admins/${MOVED.id}`, {
      method: 'PATCH',
      headers: {
        origin: ORIGIN,
        'content-type': 'application/json',
        cookie: signedSessionCookie(SUPER.token, AUTH_SECRET, { production: true }),
      },
      body: JSON.stringify({ role: 'compliance' }),
    });
    expect(changed.status).toBe(200);
    expect((await socket.closed).code).toBe(CHAT_CLOSE.accountChanged);
    // The session lives on with the new role, which process 1 no longer lets into the chat.
    const session = await fetch(`${one.base}/api/session`, { headers: { cookie: moved } });
    expect((await session.json()).user.role).toBe('compliance');
    const again = await openSocket(`ws://127.0.0.1:${one.port}/api/admin/chat/socket`, { cookie: moved, origin: ORIGIN });
    expect(again.status).toBe(403);
  }, 60_000);

  it('serves /api/market on both while only one process fetches prices', async () => {
    const lastUpdated = async (server: TServer) => {
      const response = await fetch(`${server.base}/api/market`);
      expect(response.status).toBe(200);
      return ((await response.json()) as { lastUpdated: string | null }).lastUpdated;
    };
    // Both answer from the stored prices once the fetcher has written its first refresh.
    await until(async () => (await lastUpdated(one)) !== null && (await lastUpdated(two)) !== null);
    const fetchers = [one, two].filter((server) => server.output().includes('this process fetches prices'));
    expect(fetchers).toHaveLength(1);
  }, 60_000);
});
