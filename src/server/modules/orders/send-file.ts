import type { FastifyReply } from 'fastify';

/** A stored payment screenshot, sent inline and never cached. */
export function sendFile(reply: FastifyReply, file: { data: Buffer; type: string }) {
  return reply
    .header('content-type', file.type)
    .header('cache-control', 'private, no-store')
    .header('content-disposition', 'inline')
    .send(file.data);
}
