import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ORDER_MSG,
  PROOF_MAX_FILE_BYTES,
  ZOrderIdParams,
  ZOrderResponse,
  ZSubmitPaymentForm,
  ZSubmitPaymentRequest,
} from '#shared/contracts/orders.js';
import { MSG } from '#shared/messages.js';
import { AppError } from '#server/lib/errors.js';
import { sniffImageType } from '#server/lib/storage.js';
import { actorOf } from '#server/plugins/access.js';
import { BODY_LIMITS } from '#server/plugins/body-limits.js';
import { findUnstorableText } from '#server/plugins/input.js';
import { perUser, RATE_LIMITS } from '#server/plugins/rate-limit.js';
import type { TOrderDeps } from './deps.js';
import { submitPayment, type TProofUpload } from './lifecycle.js';
import { toOrder } from '#server/modules/order-reads/order-view.js';

/**
 * "I have paid" as a form: the text fields and at most one screenshot (`proof`) under 5 MB,
 * checked by its bytes like KYC documents. Field errors are answered on their fields.
 */
async function readPaymentForm(request: FastifyRequest): Promise<{ fields: Record<string, string>; proof?: TProofUpload }> {
  const fields: Record<string, string> = {};
  let proof: TProofUpload | undefined;
  const tooLarge = () => new AppError('VALIDATION', ORDER_MSG.proofTooLarge, { fields: { proof: ORDER_MSG.proofTooLarge } });
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname !== 'proof' || data.length === 0) continue;
        const type = sniffImageType(data);
        if (!type) throw new AppError('VALIDATION', ORDER_MSG.proofNotImage, { fields: { proof: ORDER_MSG.proofNotImage } });
        proof = { data, type };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('BAD_REQUEST', ORDER_MSG.proofTooLarge);
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('UNSUPPORTED_MEDIA_TYPE', MSG.genericError);
    // A form that cannot be read (no boundary, a truncated or malformed part): the client's request.
    throw new AppError('BAD_REQUEST', MSG.genericError);
  }
  return proof ? { fields, proof } : { fields };
}

/** The fields of "I have paid", from JSON or the form, judged by the contract (field errors on their fields). */
function parsePaymentFields(raw: unknown): z.infer<typeof ZSubmitPaymentRequest> {
  const parsed = ZSubmitPaymentRequest.safeParse(raw);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? '_')] ??= issue.message;
  throw new AppError('VALIDATION', Object.values(fields)[0] ?? MSG.genericError, { fields });
}

/** "I have paid" / "I have sent": JSON, or a form with the screenshot. Multipart only in here (its own plugin). */
export const paymentRoutes: FastifyPluginAsyncZod<TOrderDeps> = async (paymentApp, deps) => {
  await paymentApp.register(multipart, { limits: { fileSize: PROOF_MAX_FILE_BYTES, files: 1, fields: 10, fieldSize: 1000, parts: 11 } });
  paymentApp.post(
    '/api/orders/:id/payment',
    {
      config: {
        access: 'customer',
        rateLimit: perUser(RATE_LIMITS.ordersPerUser),
        errors: ['NOT_FOUND', 'ORDER_NOT_AWAITING', 'ORDER_EXPIRED', 'TX_ID_USED', 'TX_HASH_NOT_DETECTED'],
        openapi: { multipartBody: ZSubmitPaymentForm },
      },
      // A screenshot at the limit and the fields; a JSON body is held to the usual size below.
      bodyLimit: PROOF_MAX_FILE_BYTES + 64 * 1024,
      preParsing: async (request) => {
        // (isMultipart() is known only once the body is parsed: read the header.)
        if (/^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '')) return;
        if (Number(request.headers['content-length'] ?? 0) > BODY_LIMITS.signedIn) {
          throw new AppError('PAYLOAD_TOO_LARGE', MSG.tooLarge);
        }
      },
      schema: {
        tags: ['orders'],
        params: ZOrderIdParams,
        consumes: ['application/json', 'multipart/form-data'],
        response: { 200: ZOrderResponse },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      let input: z.infer<typeof ZSubmitPaymentRequest>;
      let proof: TProofUpload | undefined;
      if (request.isMultipart()) {
        const form = await readPaymentForm(request);
        const unstorable = findUnstorableText(form.fields);
        if (unstorable) throw new AppError('VALIDATION', MSG.invalidCharacter, { fields: { [unstorable]: MSG.invalidCharacter } });
        input = parsePaymentFields(form.fields);
        proof = form.proof;
      } else {
        input = parsePaymentFields(request.body ?? {});
      }
      return { order: toOrder(await submitPayment(deps, actor, request.params.id, input, proof)) };
    },
  );
};
