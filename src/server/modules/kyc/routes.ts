import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  KYC_ACCEPTED_TYPES,
  KYC_MAX_FILE_BYTES,
  KYC_MSG,
  ZKycDecisionResponse,
  ZKycDocumentParams,
  ZKycFields,
  ZKycIdParams,
  ZKycLevel2Fields,
  ZKycListQuery,
  ZKycRejectRequest,
  ZKycSubmissionDetail,
  ZKycSubmissionList,
  ZKycUploadForm,
  ZMyKyc,
} from '#shared/contracts/kyc.js';
import { MSG } from '#shared/messages.js';
import { AppError } from '#server/lib/errors.js';
import { sniffImageType } from '#server/lib/storage.js';
import { actorOf } from '#server/plugins/access.js';
import { findUnstorableText } from '#server/plugins/input.js';
import {
  decideKycSubmission,
  findKycSubmissions,
  findMyLatestSubmission,
  getKycSubmission,
  readKycDocument,
  submitKyc,
  submitKycLevel2,
  type TDocumentUpload,
  type TKycDeps,
} from './service.js';
import { perUser, RATE_LIMITS } from '#server/plugins/rate-limit.js';

/** The ID's two sides and the selfie (level 1), the proof of address (level 2): each a file field of the form. */
const FILE_FIELDS = ['front', 'back', 'selfie', 'addressProof'] as const;
type TFileField = (typeof FILE_FIELDS)[number];
const LEVEL_1_FILES = ['front', 'back', 'selfie'] as const satisfies readonly TFileField[];
const LEVEL_2_FILES = ['addressProof'] as const satisfies readonly TFileField[];

/** Reads the multipart form: text fields and at most three documents, each under 5 MB. */
async function readKycForm(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  const files: Partial<Record<TFileField, Buffer>> = {};
  const errors: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const side = FILE_FIELDS.find((s) => s === part.fieldname);
        try {
          const data = await part.toBuffer();
          if (side && data.length > 0) files[side] = data;
        } catch (error) {
          if ((error as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw error;
          errors[side ?? '_'] = KYC_MSG.fileTooLarge;
        }
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      // Raised by the part iterator as well; the rest of the form is not read.
      const side = (error as { part?: { fieldname?: string } }).part?.fieldname ?? '_';
      errors[side] = KYC_MSG.fileTooLarge;
      return { fields, files, errors };
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('VALIDATION', KYC_MSG.bothDocumentsRequired);
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('UNSUPPORTED_MEDIA_TYPE', KYC_MSG.generic);
    // Anything else here is a form that cannot be read (no boundary, a truncated or malformed
    // part): the client's request, not a server error.
    throw new AppError('BAD_REQUEST', KYC_MSG.generic);
  }
  return { fields, files, errors };
}

export const kycRoutes: FastifyPluginAsyncZod<TKycDeps> = async (app, deps) => {
  // Multipart only inside this plugin: everything else stays JSON-only.
  await app.register(multipart, {
    limits: { fileSize: KYC_MAX_FILE_BYTES - 1, files: 3, fields: 12, fieldSize: 1000, parts: 15 },
  });

  app.get('/api/kyc', { config: { access: 'customer' }, schema: { tags: ['kyc'], response: { 200: ZMyKyc } } }, async (request) => {
    const actor = actorOf(request);
    const row = await findMyLatestSubmission(deps.db, actor.id);
    return {
      submission: row
        ? {
            id: row.id,
            status: row.status,
            submittedAt: row.submittedAt.toISOString(),
            rejectionReason: row.rejectionReason,
            level: row.level,
          }
        : null,
    };
  });

  app.post(
    '/api/kyc',
    {
      // The handler reads the form itself (readKycForm); the OpenAPI document still shows it.
      config: {
        access: 'customer',
        rateLimit: perUser(RATE_LIMITS.kycUploadsPerUser),
        errors: ['KYC_ALREADY_SUBMITTED', 'KYC_ALREADY_VERIFIED', 'KYC_ID_TAKEN', 'FORBIDDEN'],
        openapi: { multipartBody: ZKycUploadForm },
      },
      // Three documents at the limit plus the form fields; each file is checked on its own below.
      bodyLimit: 3 * KYC_MAX_FILE_BYTES + 64 * 1024,
      schema: { tags: ['kyc'], consumes: ['multipart/form-data'], response: { 201: z.object({ submission: ZMyKyc.shape.submission }) } },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', KYC_MSG.generic);
      const { fields, files, errors } = await readKycForm(request);

      const isLevel2 = fields.level === '2';
      const parsed = isLevel2 ? ZKycLevel2Fields.safeParse(fields) : ZKycFields.safeParse(fields);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? '_')] ??= issue.message;
      }
      // Text the database cannot store (NUL...): refused as in every JSON body (plugins/input.ts).
      const unstorable = findUnstorableText(fields);
      if (unstorable) errors[unstorable] ??= MSG.invalidCharacter;
      const documents: Partial<Record<TFileField, TDocumentUpload>> = {};
      for (const side of isLevel2 ? LEVEL_2_FILES : LEVEL_1_FILES) {
        if (errors[side]) continue;
        const data = files[side];
        if (!data) {
          errors[side] =
            side === 'selfie' ? KYC_MSG.selfieRequired : side === 'addressProof' ? KYC_MSG.addressProofRequired : KYC_MSG.documentRequired;
          continue;
        }
        // Byte-sniffed like every document: the declared type is not trusted.
        const type = sniffImageType(data);
        if (!type) errors[side] = KYC_MSG.mustBeImage;
        else documents[side] = { data, type };
      }
      const fail = () => {
        const missingBoth = errors.front === KYC_MSG.documentRequired && errors.back === KYC_MSG.documentRequired;
        const message = missingBoth ? KYC_MSG.bothDocumentsRequired : (Object.values(errors)[0] ?? KYC_MSG.generic);
        return new AppError('VALIDATION', message, { fields: errors });
      };
      if (Object.keys(errors).length > 0 || !parsed.success) throw fail();
      let row;
      if (parsed.data.level === '2') {
        if (!documents.addressProof) throw fail();
        row = await submitKycLevel2(deps, actor, parsed.data, { addressProof: documents.addressProof });
      } else {
        if (!documents.front || !documents.back || !documents.selfie) throw fail();
        row = await submitKyc(deps, actor, parsed.data, { front: documents.front, back: documents.back, selfie: documents.selfie });
      }
      return reply.status(201).send({
        submission: {
          id: row.id,
          status: row.status,
          submittedAt: row.submittedAt.toISOString(),
          rejectionReason: null,
          level: row.level,
        },
      });
    },
  );

  app.get(
    '/api/admin/kyc-submissions',
    { config: { access: { area: 'kyc' } }, schema: { tags: ['kyc'], querystring: ZKycListQuery, response: { 200: ZKycSubmissionList } } },
    async (request) => findKycSubmissions(deps.db, request.query),
  );

  app.get(
    '/api/admin/kyc-submissions/:id',
    { config: { access: { area: 'kyc' } }, schema: { tags: ['kyc'], params: ZKycIdParams, response: { 200: ZKycSubmissionDetail } } },
    async (request) => getKycSubmission(deps.db, request.params.id),
  );

  app.get(
    '/api/admin/kyc-submissions/:id/documents/:side',
    {
      config: {
        access: { area: 'kyc' },
        openapi: { fileResponse: { description: 'The document image, as uploaded', types: KYC_ACCEPTED_TYPES } },
      },
      schema: { tags: ['kyc'], params: ZKycDocumentParams },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const document = await readKycDocument(deps, { actor, ...request.params, ip: request.ip });
      return reply
        .header('content-type', document.type)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline')
        .send(document.data);
    },
  );

  app.post(
    '/api/admin/kyc-submissions/:id/approve',
    {
      config: { access: { area: 'kyc' }, errors: ['KYC_ALREADY_DECIDED'] },
      schema: { tags: ['kyc'], params: ZKycIdParams, response: { 200: ZKycDecisionResponse } },
    },
    async (request) => {
      const actor = actorOf(request);
      const submission = await decideKycSubmission(deps, { actor, id: request.params.id, decision: 'approved', ip: request.ip });
      return { submission };
    },
  );

  app.post(
    '/api/admin/kyc-submissions/:id/reject',
    {
      config: { access: { area: 'kyc' }, errors: ['KYC_ALREADY_DECIDED'] },
      schema: { tags: ['kyc'], params: ZKycIdParams, body: ZKycRejectRequest, response: { 200: ZKycDecisionResponse } },
    },
    async (request) => {
      const actor = actorOf(request);
      const submission = await decideKycSubmission(deps, {
        actor,
        id: request.params.id,
        decision: 'rejected',
        reason: request.body.reason,
        ip: request.ip,
      });
      return { submission };
    },
  );
};
