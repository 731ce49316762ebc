import http from 'node:http';
import type { AddressInfo } from 'node:net';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { canShareListeningPort, listenWithAcceptors, type TAcceptors } from './acceptors.js';

/** A GET on a connection of its own (no keep-alive): each request is a new connection to accept. */
function getOnNewConnection(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe('listenWithAcceptors', () => {
  let app: FastifyInstance | undefined;
  let acceptors: TAcceptors | undefined;
  afterEach(async () => {
    await acceptors?.close();
    await app?.close();
    app = undefined;
    acceptors = undefined;
  });

  async function start(sockets: number) {
    app = Fastify();
    await app.register(websocket);
    let connections = 0;
    app.server.on('connection', () => (connections += 1));
    app.get('/hello', async () => ({ hello: 'world' }));
    app.get('/socket', { websocket: true }, (socket) => {
      socket.on('message', (data: Buffer) => socket.send(`echo ${data.toString()}`));
    });
    acceptors = await listenWithAcceptors(app, { port: 0, host: '127.0.0.1', sockets });
    return { port: (app.server.address() as AddressInfo).port, connections: () => connections };
  }

  it('knows which Node versions can share a listening port', () => {
    expect(canShareListeningPort('20.20.2')).toBe(false);
    expect(canShareListeningPort('22.11.0')).toBe(false);
    expect(canShareListeningPort('22.12.0')).toBe(true);
    expect(canShareListeningPort('23.0.0')).toBe(false);
    expect(canShareListeningPort('23.1.0')).toBe(true);
    expect(canShareListeningPort('24.0.0')).toBe(true);
  });

  it.runIf(canShareListeningPort())('serves HTTP and WebSockets through every listening socket of the port', async () => {
    const { port, connections } = await start(4);
    expect(acceptors!.count).toBe(4);
    const answers = await Promise.all(Array.from({ length: 60 }, () => getOnNewConnection(port, '/hello')));
    expect(answers.every((a) => a.status === 200 && a.body === '{"hello":"world"}')).toBe(true);
    // Every connection reached the app's HTTP server, whichever socket accepted it.
    expect(connections()).toBe(60);
    expect(acceptors!.acceptedByExtra()).toBeGreaterThan(0);
    expect(acceptors!.acceptedByExtra()).toBeLessThan(60);

    const sockets = await Promise.all(
      Array.from(
        { length: 20 },
        () =>
          new Promise<WebSocket>((resolve, reject) => {
            const ws = new WebSocket(`ws://127.0.0.1:${port}/socket`);
            ws.once('open', () => resolve(ws));
            ws.once('error', reject);
          }),
      ),
    );
    const echoes = await Promise.all(
      sockets.map(
        (ws, i) =>
          new Promise<string>((resolve) => {
            ws.once('message', (data: Buffer) => resolve(data.toString()));
            ws.send(`ping ${i}`);
          }),
      ),
    );
    expect(echoes).toEqual(sockets.map((_, i) => `echo ping ${i}`));
    for (const ws of sockets) ws.close();
  });

  it.runIf(canShareListeningPort())('after close() only the app’s own socket accepts, and the app still answers', async () => {
    const { port } = await start(4);
    const before = acceptors!.acceptedByExtra();
    await acceptors!.close();
    const answers = await Promise.all(Array.from({ length: 30 }, () => getOnNewConnection(port, '/hello')));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(acceptors!.acceptedByExtra()).toBe(before);
  });

  it.runIf(canShareListeningPort())(
    'close() does not wait for the connections its sockets accepted, which the app then closes',
    async () => {
      const { port } = await start(4);
      // Idle keep-alive connections, as a proxy in front keeps to each app process.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 40 });
      const get = () =>
        new Promise<number>((resolve, reject) => {
          http
            .get({ host: '127.0.0.1', port, path: '/hello', agent }, (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode ?? 0));
            })
            .on('error', reject);
        });
      expect(await Promise.all(Array.from({ length: 40 }, get))).toEqual(Array.from({ length: 40 }, () => 200));
      expect(acceptors!.acceptedByExtra()).toBeGreaterThan(0);
      await acceptors!.close();
      await app!.close();
      app = undefined;
      agent.destroy();
    },
  );

  it('one socket when one is asked for', async () => {
    const { port } = await start(1);
    expect(acceptors!.count).toBe(1);
    expect((await getOnNewConnection(port, '/hello')).status).toBe(200);
    expect(acceptors!.acceptedByExtra()).toBe(0);
  });
});
