import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination';

/* docs/product.md §2: Previous/Next and 'Page X of Y' only when there is more than one page. */
describe('Pagination', () => {
  it('shows nothing for a list of one page (or none)', () => {
    for (const totalPages of [0, 1]) {
      const { container, unmount } = render(<Pagination page={1} totalPages={totalPages} onPage={() => {}} />);
      expect(container.innerHTML).toBe('');
      expect(screen.queryByText(/^Page \d+ of \d+$/)).toBeNull();
      unmount();
    }
  });

  it("shows 'Page X of Y' with Previous and Next when there are more pages", async () => {
    const onPage = vi.fn();
    render(<Pagination page={1} totalPages={3} onPage={onPage} />);
    expect(screen.getByRole('navigation', { name: 'Pagination' }).textContent).toContain('Page 1 of 3');
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });
});
