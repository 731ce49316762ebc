import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { refetchOnMountUnlessJustRead } from './query-client';

/*
 * A page's data read by its route loader is not read again when the page mounts a moment later
 * (JUST_READ_MS), unless something changed it meanwhile: the KYC page verifies the phone,
 * invalidates the trading limit, and the dashboard opened right after must show the new step.
 */

function Limit({ read }: { read: () => Promise<string> }) {
  const { data } = useQuery({ queryKey: ['limit'], queryFn: read, staleTime: 0, refetchOnMount: refetchOnMountUnlessJustRead });
  return <p>{data ?? 'loading'}</p>;
}

function setup() {
  let answer = 'Verify your phone and identity for higher limits.';
  let reads = 0;
  const read = async () => {
    reads += 1;
    return answer;
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return {
    client,
    read,
    reads: () => reads,
    change: (next: string) => (answer = next),
    mount: () =>
      render(
        <QueryClientProvider client={client}>
          <Limit read={read} />
        </QueryClientProvider>,
      ),
  };
}

describe('refetchOnMountUnlessJustRead', () => {
  it('a page mounting just after its loader read the data does not read it again', async () => {
    const page = setup();
    await page.client.prefetchQuery({ queryKey: ['limit'], queryFn: page.read });
    page.mount();
    expect(await screen.findByText('Verify your phone and identity for higher limits.')).toBeTruthy();
    expect(page.reads()).toBe(1);
  });

  it('data invalidated since it was read is read again on mount, however recent the read', async () => {
    const page = setup();
    await page.client.prefetchQuery({ queryKey: ['limit'], queryFn: page.read });
    // The phone is verified on another page; nothing shows the limit, so it is only marked.
    page.change('Verify your identity for higher limits.');
    await page.client.invalidateQueries({ queryKey: ['limit'] });
    page.mount();
    expect(await screen.findByText('Verify your identity for higher limits.')).toBeTruthy();
    expect(page.reads()).toBe(2);
  });
});
