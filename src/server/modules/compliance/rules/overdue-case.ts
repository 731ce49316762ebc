import { overdueCase } from '#shared/compliance-rules/overdue-case.js';
import { defineRule } from '../monitoring.js';

/** An open case past its 24-hour due time: one alert per case (cases.ts raiseOverdueCaseAlerts). */
export const overdueCaseRule = defineRule({
  meta: overdueCase,
  runsAt: 'case_overdue',
  async check({ case: overdue }, { raise }) {
    await raise({
      userId: overdue.userId,
      orderId: null,
      dedupeKey: `overdue_case:${overdue.id}`,
      details: { caseId: overdue.id, dueAt: overdue.dueAt.toISOString() },
    });
  },
});
