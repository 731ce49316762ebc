import { defineRuleMeta } from '#shared/compliance-rules/rule.js';
import { defineRule } from '../monitoring.js';

/** An open case past its 24-hour deadline for the report to the FIC (issue 27 point 5). It holds no order. */
export const meta = defineRuleMeta({
  id: 'overdue_case',
  position: 70,
  label: 'Case past its 24-hour deadline',
  defaultAction: 'flag',
  settings: [],
  details: [
    { key: 'caseId', label: 'Case' },
    { key: 'dueAt', label: 'Report was due' },
  ],
});

/** An open case past its 24-hour due time: one alert per case (cases.ts raiseOverdueCaseAlerts). */
export const rule = defineRule({
  meta,
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
