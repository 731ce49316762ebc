import { defineRuleMeta } from './rule.js';

/** An open case past its 24-hour deadline for the report to the FIC (issue 27 point 5). It holds no order. */
export const overdueCase = defineRuleMeta({
  id: 'overdue_case',
  label: 'Case past its 24-hour deadline',
  defaultAction: 'flag',
  settings: [],
  details: [
    { key: 'caseId', label: 'Case' },
    { key: 'dueAt', label: 'Report was due' },
  ],
});
