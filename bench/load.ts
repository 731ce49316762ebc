// A small HTTP load generator (autocannon-like) that runs in a worker thread, so the server under
// test keeps the main thread to itself. Each connection sends its requests one after another over
// a keep-alive socket; latencies are measured per request.
import http from 'node:http';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

export type TLoadRequest = { method: string; path: string; headers?: Record<string, string>; body?: string; expectStatus: number };

export type TLoadJob = {
  host: string;
  port: number;
  /** One entry per concurrent connection: the requests it sends in order. */
  connections: TLoadRequest[][];
  /** When set, each connection cycles over its requests until this much time has passed. */
  durationMs?: number;
};

export type TLoadResult = {
  /** Latency of every completed request, in ms, sorted. */
  latenciesMs: number[];
  elapsedMs: number;
  completed: number;
  errors: number;
  firstError?: string;
};

async function runJob(job: TLoadJob): Promise<TLoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.connections.length });
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const send = (request: TLoadRequest) =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = http.request(
        { host: job.host, port: job.port, method: request.method, path: request.path, agent, headers: request.headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            if (res.statusCode === request.expectStatus) latencies.push(performance.now() - started);
            else {
              errors += 1;
              firstError ??= `${request.method} ${request.path}: ${res.statusCode} ${Buffer.concat(chunks).toString('utf8').slice(0, 300)}`;
            }
            resolve();
          });
        },
      );
      req.on('error', (error) => {
        errors += 1;
        firstError ??= `${request.method} ${request.path}: ${error.message}`;
        resolve();
      });
      if (request.body !== undefined) req.write(request.body);
      req.end();
    });

  const started = performance.now();
  const deadline = job.durationMs === undefined ? Infinity : started + job.durationMs;
  await Promise.all(
    job.connections.map(async (requests) => {
      if (requests.length === 0) return;
      for (let i = 0; ; i += 1) {
        if (job.durationMs === undefined && i >= requests.length) return;
        if (performance.now() >= deadline) return;
        const request = requests[i % requests.length];
        if (request === undefined) throw new Error(`no request ${i} on a connection with ${requests.length}`);
        await send(request);
      }
    }),
  );
  const elapsedMs = performance.now() - started;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { latenciesMs: latencies, elapsedMs, completed: latencies.length, errors, firstError };
}

/** Runs a load job in a worker thread and resolves with its figures. */
export function runLoad(job: TLoadJob): Promise<TLoadResult> {
  return new Promise((resolve, reject) => {
    // The worker runs this same file; it registers tsx first so that it can load TypeScript.
    const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
    const worker = new Worker(bootstrap, { eval: true, workerData: job });
    worker.once('message', (result: TLoadResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  void runJob(workerData as TLoadJob).then((result) => port.postMessage(result));
}
