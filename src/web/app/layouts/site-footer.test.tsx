import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '#web/lib/router.js';
import { describe, expect, it } from 'vitest';
import { CONTACT_DEFAULTS, type TContactContent } from '#shared/contracts/content.js';
import { CONTACT_CONTENT_QUERY_KEY } from '#web/lib/contact-content.js';
import { SiteFooter } from './site-footer';

function renderFooter(content: TContactContent) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(CONTACT_CONTENT_QUERY_KEY, content);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SiteFooter />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the site footer says who runs the broker (issue 16)', () => {
  it('shows the company details that are set, with phone and WhatsApp links', () => {
    renderFooter({
      ...CONTACT_DEFAULTS,
      companyName: 'CediCrypto Ltd',
      registrationNumber: 'CS123456789',
      licenceNumber: 'SEC/VASP/001',
      streetAddress: '12 Independence Avenue, Accra',
      supportPhone: '+233 30 212 3456',
      whatsappNumber: '024 123 4567',
    });
    const details = screen.getByRole('group', { name: 'Company details' });
    expect(details.textContent).toContain('CediCrypto Ltd · Registration number CS123456789 · Licence number SEC/VASP/001');
    expect(details.textContent).toContain('12 Independence Avenue, Accra');
    expect(screen.getByRole('link', { name: '+233 30 212 3456' }).getAttribute('href')).toBe('tel:+233302123456');
    expect(screen.getByRole('link', { name: '024 123 4567' }).getAttribute('href')).toBe('https://wa.me/233241234567');
  });

  it('shows nothing for a detail not set: no placeholder phone', () => {
    renderFooter({ ...CONTACT_DEFAULTS, companyName: 'CediCrypto Ltd' });
    expect(screen.getByRole('group', { name: 'Company details' }).textContent).toBe('CediCrypto Ltd');
    expect(screen.queryByText(/Support phone/)).toBeNull();
    expect(screen.queryByText(/WhatsApp/)).toBeNull();
  });

  it('shows the support email once it is set, and none before (docs/decisions/022: no made-up address)', () => {
    const { unmount } = renderFooter({ ...CONTACT_DEFAULTS, supportEmail: 'help@broker.example' });
    expect(screen.getByRole('link', { name: 'help@broker.example' }).getAttribute('href')).toBe('mailto:help@broker.example');
    expect(screen.getByRole('group', { name: 'Company details' }).textContent).toBe('Support email: help@broker.example');
    unmount();
    renderFooter(CONTACT_DEFAULTS);
    expect(screen.queryByText(/@/)).toBeNull();
  });

  it('has no company block on a fresh installation', () => {
    renderFooter(CONTACT_DEFAULTS);
    expect(screen.queryByRole('group', { name: 'Company details' })).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Footer' })).toBeTruthy();
  });
});
