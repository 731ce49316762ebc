import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { JOBS_MSG, type TJobsOverview } from '#shared/contracts/jobs.js';
import { recordingJsonPeer } from '#test/helpers/local-api-peer.js';
import { JobsPage } from './jobs-page';

/* The super admin's Jobs page (docs/decisions/052): the queues with their counts, the failed jobs, and Retry once. */

const JOB_ID = '0b7c6d2e-4f1a-4c3b-9d8e-1f2a3b4c5d6e';
const FAILED: TJobsOverview = {
  queues: [
    { name: 'email_delivery', waiting: 2, active: 1, failed: 1, completedLast24h: 340 },
    { name: 'dead_letter', waiting: 1, active: 0, failed: 0, completedLast24h: 0 },
  ],
  failed: [
    {
      id: JOB_ID,
      queue: 'email_delivery',
      error: 'connect ECONNREFUSED 10.0.0.5:587',
      retries: 3,
      failedAt: '2026-11-28T10:00:00.000Z',
      createdAt: '2026-11-28T09:59:00.000Z',
    },
  ],
};
const RETRIED: TJobsOverview = { queues: FAILED.queues, failed: [] };

describe('the Jobs page', () => {
  const { seen, answers } = recordingJsonPeer({
    page: '/admin/jobs',
    expectedErrors: /^POST http:\/\/127\.0\.0\.1:\d+\/api\/admin\/jobs\/[a-z_]+\/[0-9a-f-]+\/retry 409 /,
    fallback: () => ({ status: 200, body: RETRIED }),
  });

  const renderPage = () => {
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false }, queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <JobsPage />
      </QueryClientProvider>,
    );
  };

  it('lists the queues and the failed job, and retries it once however often Retry is clicked', async () => {
    answers.push({ status: 200, body: FAILED }, { status: 200, body: { retried: true } });
    const user = userEvent.setup();
    renderPage();
    const queues = await screen.findByRole('table', { name: 'Queues' });
    const email = (await within(queues).findByText('Email delivery')).closest('tr')!;
    expect(within(email).getByText('340')).toBeTruthy();
    expect(within(queues).getByText('Dead letters')).toBeTruthy();
    const failed = screen.getByRole('table', { name: 'Failed jobs' });
    expect(within(failed).getByText('connect ECONNREFUSED 10.0.0.5:587')).toBeTruthy();

    await user.dblClick(within(failed).getByRole('button', { name: `Retry the failed Email delivery job ${JOB_ID}` }));
    expect(await screen.findByText(JOBS_MSG.retried)).toBeTruthy();
    expect(seen.filter((request) => request.path.endsWith('/retry'))).toEqual([
      { path: `/api/admin/jobs/email_delivery/${JOB_ID}/retry`, body: {} },
    ]);
    expect(await screen.findByText(JOBS_MSG.noFailures)).toBeTruthy();
  });

  it('says so when the job was retried already (another admin, another tab)', async () => {
    answers.push({ status: 200, body: FAILED }, { status: 409, body: { error: { code: 'JOB_NOT_FAILED', message: JOBS_MSG.notFailed } } });
    const user = userEvent.setup();
    renderPage();
    const failed = await screen.findByRole('table', { name: 'Failed jobs' });
    await user.click(await within(failed).findByRole('button', { name: `Retry the failed Email delivery job ${JOB_ID}` }));
    expect((await screen.findByRole('alert')).textContent).toBe(JOBS_MSG.notFailed);
  });
});
