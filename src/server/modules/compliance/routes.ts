import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDbIdParams } from '#shared/contracts/common.js';
import {
  ZAddNoteRequest,
  ZAlertCount,
  ZAlertDecisionRequest,
  ZClearAlertRequest,
  ZNoReportCaseRequest,
  ZOverdueCaseCount,
  ZSameImages,
  ZAlertDetail,
  ZAlertIdParams,
  ZAlertList,
  ZAlertQuery,
  ZAlertResponse,
  ZCaseIdParams,
  ZCaseList,
  ZCaseQuery,
  ZCaseResponse,
  ZComplianceSettings,
  ZComplianceSettingsUpdate,
  ZEscalateResponse,
  ZFileCaseRequest,
  ZNoteResponse,
  ZReleaseHoldRequest,
  ZLegalHoldRequest,
  ZLegalHoldResponse,
} from '#shared/contracts/compliance.js';
import { ZUserIdParams } from '#shared/contracts/admin.js';
import { ZGoamlSettings, ZGoamlSettingsUpdate, ZLargeCashFileParams, ZLargeCashReportList } from '#shared/contracts/goaml.js';
import { canAccess } from '#shared/permissions.js';
import type { TDocumentStorage } from '#server/lib/storage.js';
import { sendCsv } from '#server/lib/csv.js';
import { actorOf } from '#server/plugins/access.js';
import { perUser, RATE_LIMITS } from '#server/plugins/rate-limit.js';
import { addNote, clearAlert, countAlertsForDesk, escalateAlert, getAlertDetail, listAlerts, releaseHold } from './alerts.js';
import { closeCaseWithoutReport, countOverdueCases, fileCase, listCases, raiseOverdueCaseAlerts } from './cases.js';
import type { TComplianceDeps } from './desk-reads.js';
import { exportCase } from './exports.js';
import { exportCaseGoaml } from './goaml.js';
import { getGoamlSettings, largeCashFile, listLargeCashReports, updateGoamlSettings } from './large-cash.js';
import { liftLegalHold, placeLegalHold } from './legal-hold.js';
import { getComplianceSettings, updateComplianceSettings } from './settings.js';
import { sameImagesOfOrder, sameImagesOfSubmission } from './reused-images.js';

/**
 * The compliance desk (compliance, super_admin; docs/decisions/017): a schema and one service call
 * per route. The settings are read by the desk and changed by the super admin only (closing a
 * customer's account is in src/server/modules/users/routes.ts).
 */
export const complianceRoutes: FastifyPluginAsyncZod<TComplianceDeps & { storage: TDocumentStorage }> = async (app, deps) => {
  const access = { area: 'compliance' } as const;
  const tags = ['compliance'];
  const call = (request: Parameters<typeof actorOf>[0]) => ({ actor: actorOf(request), ip: request.ip });

  app.get(
    '/api/admin/compliance/alerts',
    { config: { access }, schema: { tags, querystring: ZAlertQuery, response: { 200: ZAlertList } } },
    (request) => listAlerts(deps.db, request.query),
  );

  // The Compliance menu item's count (registered before /alerts/:id; a static segment wins anyway).
  // An overdue case's alert is raised when the desk reads its count (raiseOverdueCaseAlerts).
  app.get('/api/admin/compliance/alerts/count', { config: { access }, schema: { tags, response: { 200: ZAlertCount } } }, async () => {
    await raiseOverdueCaseAlerts(deps);
    return countAlertsForDesk(deps.db);
  });

  app.get(
    '/api/admin/compliance/alerts/:id',
    { config: { access }, schema: { tags, params: ZAlertIdParams, response: { 200: ZAlertDetail } } },
    (request) => getAlertDetail(deps.db, request.params.id),
  );

  app.post(
    '/api/admin/compliance/alerts/:id/notes',
    {
      config: { access, errors: ['NOT_FOUND'] },
      schema: { tags, params: ZAlertIdParams, body: ZAddNoteRequest, response: { 201: ZNoteResponse } },
    },
    async (request, reply) => reply.status(201).send({ note: await addNote(deps, call(request), request.params.id, request.body.body) }),
  );

  app.post(
    '/api/admin/compliance/alerts/:id/clear',
    {
      config: { access, errors: ['NOT_FOUND', 'ALERT_ALREADY_DECIDED'] },
      schema: { tags, params: ZAlertIdParams, body: ZClearAlertRequest, response: { 200: ZAlertResponse } },
    },
    async (request) => ({ alert: await clearAlert(deps, call(request), request.params.id, request.body.note) }),
  );

  app.post(
    '/api/admin/compliance/alerts/:id/escalate',
    {
      config: { access, errors: ['NOT_FOUND', 'ALERT_ALREADY_DECIDED'] },
      schema: { tags, params: ZAlertIdParams, body: ZAlertDecisionRequest, response: { 200: ZEscalateResponse } },
    },
    async (request) => escalateAlert(deps, call(request), request.params.id, request.body.note),
  );

  app.post(
    '/api/admin/compliance/alerts/:id/release',
    {
      config: { access, errors: ['NOT_FOUND', 'HOLD_NOT_RELEASABLE'] },
      schema: { tags, params: ZAlertIdParams, body: ZReleaseHoldRequest, response: { 200: ZAlertResponse } },
    },
    async (request) => ({ alert: await releaseHold(deps, call(request), request.params.id, request.body.note) }),
  );

  app.get(
    '/api/admin/compliance/cases',
    { config: { access }, schema: { tags, querystring: ZCaseQuery, response: { 200: ZCaseList } } },
    (request) => listCases(deps, request.query.status),
  );

  app.post(
    '/api/admin/compliance/cases/:id/file',
    {
      config: { access, errors: ['NOT_FOUND', 'CASE_ALREADY_FILED'] },
      schema: { tags, params: ZCaseIdParams, body: ZFileCaseRequest, response: { 200: ZCaseResponse } },
    },
    async (request) => ({ case: await fileCase(deps, call(request), request.params.id, request.body.ficReference) }),
  );

  app.post(
    '/api/admin/compliance/cases/:id/no-report',
    {
      config: { access, errors: ['NOT_FOUND', 'CASE_ALREADY_FILED'] },
      schema: { tags, params: ZCaseIdParams, body: ZNoReportCaseRequest, response: { 200: ZCaseResponse } },
    },
    async (request) => ({ case: await closeCaseWithoutReport(deps, call(request), request.params.id, request.body.reason) }),
  );

  // Legal holds (issue 34 point 5, docs/decisions/074): retention keeps a held customer's records.
  app.post(
    '/api/admin/compliance/customers/:id/legal-hold',
    {
      config: { access, errors: ['NOT_FOUND', 'LEGAL_HOLD_CONFLICT'] },
      schema: { tags, params: ZUserIdParams, body: ZLegalHoldRequest, response: { 200: ZLegalHoldResponse } },
    },
    async (request) => ({ legalHold: await placeLegalHold(deps, call(request), request.params.id, request.body.reason) }),
  );

  app.post(
    '/api/admin/compliance/customers/:id/legal-hold/lift',
    {
      config: { access, errors: ['NOT_FOUND', 'LEGAL_HOLD_CONFLICT'] },
      schema: { tags, params: ZUserIdParams, body: ZLegalHoldRequest, response: { 200: ZLegalHoldResponse } },
    },
    async (request) => ({ legalHold: await liftLegalHold(deps, call(request), request.params.id, request.body.reason) }),
  );

  app.get('/api/admin/compliance/cases/overdue-count', { config: { access }, schema: { tags, response: { 200: ZOverdueCaseCount } } }, () =>
    countOverdueCases(deps),
  );

  // Reused images (issue 27 point 4, docs/decisions/031): what else holds the same image, beside
  // the image. Whoever reads the order (support too) sees it; it says nothing of an alert.
  app.get(
    '/api/admin/orders/:id/same-images',
    { config: { access: { area: 'orderViews' } }, schema: { tags: ['admin'], params: ZDbIdParams, response: { 200: ZSameImages } } },
    (request) => sameImagesOfOrder(deps, request.params.id, { seesKyc: canAccess(actorOf(request).role, 'kyc') }),
  );

  app.get(
    '/api/admin/kyc-submissions/:id/same-images',
    { config: { access: { area: 'kyc' } }, schema: { tags: ['admin'], params: ZDbIdParams, response: { 200: ZSameImages } } },
    (request) => sameImagesOfSubmission(deps, request.params.id),
  );

  app.post(
    '/api/admin/compliance/cases/:id/export',
    {
      config: {
        access,
        rateLimit: perUser(RATE_LIMITS.exportsPerUser),
        errors: ['NOT_FOUND'],
        openapi: {
          fileResponse: {
            description: 'The case for the FIC: customer, orders, documents list, alerts and notes (audited)',
            types: ['text/csv'],
          },
        },
      },
      schema: { tags, params: ZCaseIdParams },
    },
    async (request, reply) => sendCsv(reply, await exportCase(deps, call(request), request.params.id)),
  );

  // goAML (issue 34 point 3, docs/decisions/077): a case as an STR in goAML XML, audited.
  app.post(
    '/api/admin/compliance/cases/:id/goaml',
    {
      config: {
        access,
        rateLimit: perUser(RATE_LIMITS.exportsPerUser),
        errors: ['NOT_FOUND', 'GOAML_NOT_CONFIGURED', 'GOAML_NO_TRANSACTIONS'],
        openapi: {
          fileResponse: {
            description: 'The case as a goAML suspicious transaction report (STR), for upload to the FIC (audited)',
            types: ['application/xml'],
          },
        },
      },
      schema: { tags, params: ZCaseIdParams },
    },
    async (request, reply) => {
      const file = await exportCaseGoaml(deps, call(request), request.params.id);
      return sendFile(reply, { fileName: file.fileName, contentType: 'application/xml; charset=utf-8', body: file.xml });
    },
  );

  // The daily large cash transaction reports (docs/decisions/077), written by the job the morning after.
  app.get(
    '/api/admin/compliance/large-cash-reports',
    { config: { access }, schema: { tags, response: { 200: ZLargeCashReportList } } },
    () => listLargeCashReports(deps.db),
  );

  app.post(
    '/api/admin/compliance/large-cash-reports/:day/:format',
    {
      config: {
        access,
        rateLimit: perUser(RATE_LIMITS.exportsPerUser),
        errors: ['NOT_FOUND'],
        openapi: {
          fileResponse: {
            description: 'A day’s large cash transaction report, as CSV or goAML XML (CTR) (audited)',
            types: ['text/csv', 'application/xml'],
          },
        },
      },
      schema: { tags, params: ZLargeCashFileParams },
    },
    async (request, reply) => sendFile(reply, await largeCashFile(deps.db, call(request), request.params.day, request.params.format)),
  );

  app.get('/api/admin/compliance/goaml-settings', { config: { access }, schema: { tags, response: { 200: ZGoamlSettings } } }, () =>
    getGoamlSettings(deps.db),
  );

  app.put(
    '/api/admin/compliance/goaml-settings',
    {
      config: { access: { area: 'complianceSettings' } },
      schema: { tags, body: ZGoamlSettingsUpdate, response: { 200: ZGoamlSettings } },
    },
    (request) => updateGoamlSettings(deps.db, call(request), request.body),
  );

  app.get('/api/admin/compliance/settings', { config: { access }, schema: { tags, response: { 200: ZComplianceSettings } } }, () =>
    getComplianceSettings(deps.db),
  );

  app.put(
    '/api/admin/compliance/settings',
    {
      config: { access: { area: 'complianceSettings' } },
      schema: { tags, body: ZComplianceSettingsUpdate, response: { 200: ZComplianceSettings } },
    },
    (request) => updateComplianceSettings(deps.db, call(request), request.body),
  );
};

/** A whole file as a download (the goAML XML and the large cash reports: one string, not streamed). */
function sendFile(reply: FastifyReply, file: { fileName: string; contentType: string; body: string }): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
