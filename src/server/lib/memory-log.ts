import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';

const MB = 1024 * 1024;

/** Megabytes, to one decimal. */
function mb(bytes: number): number {
  return Math.round((bytes / MB) * 10) / 10;
}

/** VmRSS, VmHWM (the peak), RssAnon and RssFile of /proc/self/status in MB; {} where there is none (not Linux). */
export function readProcStatus(read: () => string = () => readFileSync('/proc/self/status', 'utf8')): Record<string, number> {
  let text: string;
  try {
    text = read();
  } catch {
    return {};
  }
  const found: Record<string, number> = {};
  for (const line of text.split('\n')) {
    const match = /^(VmRSS|VmHWM|RssAnon|RssFile):\s+(\d+)\s+kB/.exec(line);
    if (match) found[match[1]!] = Math.round((Number(match[2]) / 1024) * 10) / 10;
  }
  return found;
}

/** The size of PGlite's WebAssembly memory (it grows, never shrinks), or undefined. */
export function pgliteMemoryBytes(pglite: PGlite | undefined): number | undefined {
  // Not public API: the Emscripten module's heap view spans the whole WebAssembly memory.
  const heap = (pglite as unknown as { mod?: { HEAPU8?: Uint8Array } } | undefined)?.mod?.HEAPU8;
  return heap?.byteLength;
}

/** One line of figures, all in MB: the process (RSS, its peak), Node's heap and buffers, PGlite's memory. */
export function memorySnapshot(pglite?: PGlite): Record<string, number> {
  const usage = process.memoryUsage();
  const wasm = pgliteMemoryBytes(pglite);
  return {
    rss: mb(usage.rss),
    ...readProcStatus(),
    heapTotal: mb(usage.heapTotal),
    heapUsed: mb(usage.heapUsed),
    external: mb(usage.external),
    arrayBuffers: mb(usage.arrayBuffers),
    ...(wasm === undefined ? {} : { pgliteWasm: mb(wasm) }),
  };
}

/**
 * MEMORY_LOG_SECONDS=n: logs memorySnapshot() every n seconds at info level, whatever LOG_LEVEL says (a diagnostic for
 * sizing a server; off by default). Answers a stop function. The timer does not keep the
 * process alive.
 */
export function startMemoryLog(seconds: number, log: FastifyBaseLogger, pglite?: PGlite): () => void {
  if (!(seconds > 0)) return () => undefined;
  // Asked for explicitly, so written even when the log shows warnings only (bench:peak runs so).
  const memoryLog = log.child({}, { level: 'info' });
  memoryLog.info({ memoryMb: memorySnapshot(pglite) }, 'memory');
  const timer = setInterval(() => memoryLog.info({ memoryMb: memorySnapshot(pglite) }, 'memory'), seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
