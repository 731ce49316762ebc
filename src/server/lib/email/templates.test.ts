import { PER_ORDER_ADDRESS_NOTE } from '#shared/deposit-keys.js';
import { describe, expect, it } from 'vitest';
import { html, toHtmlString, trustedHtml } from '#server/lib/html.js';
import { deliverableBody, maskEmailBody, SECRET_MASK } from './secrets.js';
import {
  renderAdminOrderAlertEmail,
  renderKycDecisionEmail,
  renderKycReceivedEmail,
  renderOrderConfirmationEmail,
  renderOrderStatusEmail,
  renderPasswordResetEmail,
  renderStaffInvitationEmail,
  renderWelcomeEmail,
  type TEmailOrder,
} from './templates.js';

const HOSTILE = `Ama <script>alert(1)</script> & "Kofi" <img src=x onerror=alert(2)> '<!--secret-->'`;
const ESCAPED =
  'Ama &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Kofi&quot; &lt;img src=x onerror=alert(2)&gt; &#39;&lt;!--secret--&gt;&#39;';
const order: TEmailOrder = {
  id: 7,
  type: 'buy',
  amountCrypto: '<b>1</b>',
  coinSymbol: 'btc<i>',
  amountFiat: '100.00',
  fiatCurrency: 'GHS',
};
const appUrl = 'https://example.test/"><script>x</script>';
const company = {
  companyName: HOSTILE,
  registrationNumber: 'CS123456789',
  licenceNumber: '',
  streetAddress: '12 Independence Avenue, Accra',
  supportEmail: 'help@example.com',
  supportPhone: '+233 30 123 4567',
  whatsappNumber: '',
};

describe('html', () => {
  it('escapes every interpolated string and keeps only its own markup', () => {
    const inner = html`<strong>${'<b>'}</strong>`;
    expect(toHtmlString(html`<p>${'a & b'} ${3} ${inner} ${[html`<i>x</i>`, html`<i>y</i>`]}</p>`)).toBe(
      '<p>a &amp; b 3 <strong>&lt;b&gt;</strong> <i>x</i>\n<i>y</i></p>',
    );
    expect(toHtmlString(html`${trustedHtml('<hr>')}`)).toBe('<hr>');
  });
});

describe('email templates escape by default', () => {
  const rendered = [
    renderWelcomeEmail({ fullName: HOSTILE, appUrl }),
    renderPasswordResetEmail({ fullName: HOSTILE, resetUrl: { base: `${appUrl}/#/reset-password?token=`, secret: 'tok<en>&1' } }),
    renderStaffInvitationEmail({
      fullName: HOSTILE,
      roleLabel: HOSTILE,
      invitedBy: HOSTILE,
      setPasswordUrl: { base: `${appUrl}/#/admin/set-password?token=`, secret: 'abc' },
      validHours: 24,
    }),
    renderKycReceivedEmail({ fullName: HOSTILE }),
    renderKycDecisionEmail({ fullName: HOSTILE, decision: 'approved', appUrl }),
    renderKycDecisionEmail({ fullName: HOSTILE, decision: 'rejected', reason: HOSTILE, appUrl }),
    renderOrderConfirmationEmail({ fullName: HOSTILE, order, appUrl, company }),
    renderAdminOrderAlertEmail({ customerName: HOSTILE, customerEmail: HOSTILE, order, appUrl }),
    renderOrderStatusEmail({ fullName: HOSTILE, order, status: 'cancelled', appUrl, company }),
    renderKycReceivedEmail({ fullName: HOSTILE, tier: 2 }),
  ];

  it.each(rendered.map((email, index) => [index, email] as const))(
    'template %i shows typed text as text, escaped once',
    (_index, email) => {
      expect(email.body).not.toMatch(/<script|<img|<b>|<i>|onerror=alert\(2\)>/);
      expect(email.body).not.toContain('&amp;amp;');
      expect(email.body).not.toContain('&amp;lt;');
      expect(email.body).toContain('Ama &lt;script&gt;');
      // A comment someone typed is text, never a secret marker: only template tokens are masked.
      expect(maskEmailBody(email.body).maskedSecrets).toBe(email.body.match(/token=/g)?.length ?? 0);
    },
  );

  it('keeps the templates own markup and the typed values whole', () => {
    const invitation = rendered[2]!.body;
    expect(invitation).toContain(`<strong>${ESCAPED}</strong>`);
    expect(rendered[6]!.body).toContain('Buy &lt;b&gt;1&lt;/b&gt; BTC&lt;I&gt; for GHS 100.00');
  });

  it('marks the escaped token of a secret link, which the sender delivers whole and staff see masked', () => {
    const reset = rendered[1]!.body;
    expect(deliverableBody(reset)).toContain('#/reset-password?token=tok%3Cen%3E%261"');
    expect(maskEmailBody(reset).body).toContain(`#/reset-password?token=${SECRET_MASK}"`);
  });
});

/** The body with every run of white space as one space. */
const oneLine = (body: string) => body.replace(/\s+/g, ' ');

describe('receipts say who sent them (issue 16)', () => {
  it('end with the company details that are set, and only those', () => {
    const body = oneLine(
      renderOrderStatusEmail({ fullName: 'Ama', order: { ...order, coinSymbol: 'btc' }, status: 'completed', appUrl, company }).body,
    );
    expect(body).toContain(`${ESCAPED} <br />Registration number CS123456789 <br />12 Independence Avenue, Accra`);
    expect(body).toContain('Registration number CS123456789');
    expect(body).not.toContain('Licence number');
    expect(body).toContain('12 Independence Avenue, Accra');
    expect(body).toContain('Support email: help@example.com · Support phone: +233 30 123 4567');
    expect(body).not.toContain('WhatsApp');
    expect(body).not.toContain('CediCrypto, Accra, Ghana.');
  });

  it('fall back to the brand name while no company name is set', () => {
    const empty = { ...company, companyName: '', registrationNumber: '', streetAddress: '', supportPhone: '' };
    const body = oneLine(renderOrderConfirmationEmail({ fullName: 'Ama', order, appUrl, company: empty }).body);
    expect(body).toContain('CediCrypto <br />Support email: help@example.com </p>');
    expect(body).not.toContain('Support phone');
  });
});

// Issue 32 point 1 (docs/decisions/056): a sell's own address is said to be for that order only.
describe('the order confirmation of a sell', () => {
  const sell: TEmailOrder = {
    ...order,
    type: 'sell',
    network: 'BTC',
    depositAddress: 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g',
    depositTag: null,
  };
  it("says an address derived for the order is for this order only, and says nothing of the kind of the coin's shared address", () => {
    const own = oneLine(renderOrderConfirmationEmail({ fullName: 'Ama', order: { ...sell, depositKeyId: 3 }, appUrl, company }).body);
    expect(own).toContain('to bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g.');
    expect(own).toContain(PER_ORDER_ADDRESS_NOTE);
    const shared = oneLine(renderOrderConfirmationEmail({ fullName: 'Ama', order: { ...sell, depositKeyId: null }, appUrl, company }).body);
    expect(shared).not.toContain(PER_ORDER_ADDRESS_NOTE);
  });
});
