import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { RouteObject } from '#web/lib/router.js';
import { MSG } from '#shared/messages.js';
import type { TArea } from '#shared/permissions.js';
import { Splash } from '#web/components/ui/splash.js';
import { LandingPage } from '#web/features/public/pages/landing-page.js';
import { NotFoundPage } from '#web/features/public/pages/not-found-page.js';
import { OrderRoute } from '#web/features/orders/pages/order-route.js';
import type { TRouteHandle } from '#web/lib/page-title.js';
import { paths } from '#web/lib/paths.js';
import { AdminGuestOnly, GuestOnly } from './guards/guest-only';
import { RequireArea } from './guards/require-area';
import { RequireCustomer } from './guards/require-customer';
import { RequireStaff } from './guards/require-staff';
import { AdminAuthLayout } from './layouts/admin-auth-layout';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { prefetchers, prefetchLoader, revalidateOnNewPage } from './route-loaders';
import { RouteError } from './route-error';

/**
 * A lazily loaded page: only the landing page ships in the first download (mobile data is
 * expensive); every other page, with the form code and schemas it needs, loads when visited.
 */
function page(load: () => Promise<ComponentType>) {
  return async () => ({ Component: await load() });
}

/**
 * An admin page: its area guard (from the shared role matrix) around a lazily loaded page,
 * so the back-office code is a separate chunk that customers never download.
 */
function adminPage(area: TArea, path: string | null, title: string, load: () => Promise<ComponentType>): RouteObject {
  const lazy = async () => ({ Component: await load() });
  const handle: TRouteHandle = { title };
  return {
    element: <RequireArea area={area} />,
    children: [path === null ? { index: true, lazy, handle } : { path, lazy, handle }],
  };
}

/** A route's tab title (lib/page-title.ts): 'Buy crypto' is shown as 'Buy crypto · CediCrypto'. */
function titled(title: TRouteHandle['title']): { handle: TRouteHandle } {
  return { handle: { title } };
}

const adminPages: RouteObject[] = [
  adminPage('dashboard', null, 'Admin Dashboard', () =>
    import('#web/features/admin/pages/admin-dashboard-page.js').then((m) => m.AdminDashboardPage),
  ),
  adminPage('dashboard', paths.admin.dashboard.path, 'Admin Dashboard', () =>
    import('#web/features/admin/pages/admin-dashboard-page.js').then((m) => m.AdminDashboardPage),
  ),
  adminPage('users', paths.admin.users.path, 'User Management', () =>
    import('#web/features/admin/pages/users-page.js').then((m) => m.UsersPage),
  ),
  // Compliance reads orders too (docs/decisions/017); the Approve and Cancel buttons need the orders area.
  adminPage('orderViews', paths.admin.orders.path, 'Order Management', () =>
    import('#web/features/admin/pages/orders-page.js').then((m) => m.OrdersPage),
  ),
  adminPage('coins', paths.admin.coins.path, 'Currency Management', () =>
    import('#web/features/admin/pages/coins-page.js').then((m) => m.CoinsPage),
  ),
  adminPage('paymentMethods', paths.admin.paymentMethods.path, 'Payment Methods', () =>
    import('#web/features/admin/pages/payment-methods-page.js').then((m) => m.PaymentMethodsPage),
  ),
  adminPage('destinationChanges', paths.admin.pendingChanges.path, 'Pending changes', () =>
    import('#web/features/admin/pages/pending-changes-page.js').then((m) => m.PendingChangesPage),
  ),
  adminPage('treasury', paths.admin.treasury.path, 'Treasury', () =>
    import('#web/features/admin/pages/treasury-page.js').then((m) => m.TreasuryPage),
  ),
  adminPage('treasury', paths.admin.settlement.path, 'Settlement', () =>
    import('#web/features/admin/pages/settlement-page.js').then((m) => m.SettlementPage),
  ),
  adminPage('statements', paths.admin.statements.path, 'Statements', () =>
    import('#web/features/admin/pages/statements-page.js').then((m) => m.StatementsPage),
  ),
  adminPage('smsForwarders', paths.admin.smsForwarders.path, 'SMS forwarders', () =>
    import('#web/features/admin/pages/sms-forwarders-page.js').then((m) => m.SmsForwardersPage),
  ),
  adminPage('kyc', paths.admin.kycSubmissions.path, 'KYC Management', () =>
    import('#web/features/admin/pages/kyc-submissions-page.js').then((m) => m.KycSubmissionsPage),
  ),
  adminPage('compliance', paths.admin.compliance.path, 'Compliance', () =>
    import('#web/features/admin/pages/compliance-page.js').then((m) => m.CompliancePage),
  ),
  adminPage('chat', paths.admin.chat.path, 'Live Chat Support', () =>
    import('#web/features/admin/pages/chat-page.js').then((m) => m.ChatPage),
  ),
  adminPage('cannedResponses', paths.admin.cannedResponses.path, 'Canned Responses', () =>
    import('#web/features/admin/pages/canned-responses-page.js').then((m) => m.CannedResponsesPage),
  ),
  adminPage('contact', paths.admin.contact.path, 'Manage Contact Page', () =>
    import('#web/features/admin/pages/contact-content-page.js').then((m) => m.ContactContentPage),
  ),
  adminPage('emails', paths.admin.emails.path, 'Email Log', () =>
    import('#web/features/admin/pages/emails-page.js').then((m) => m.EmailsPage),
  ),
  adminPage('sms', paths.admin.sms.path, 'SMS Log', () => import('#web/features/admin/pages/sms-page.js').then((m) => m.SmsPage)),
  adminPage('jobs', paths.admin.jobs.path, 'Jobs', () => import('#web/features/admin/jobs/jobs-page.js').then((m) => m.JobsPage)),
  adminPage('settings', paths.admin.settings.path, 'Settings', () =>
    import('#web/features/admin/pages/settings-page.js').then((m) => m.SettingsPage),
  ),
  adminPage('admins', paths.admin.management.path, 'Admin Management', () =>
    import('#web/features/admin/pages/admin-management-page.js').then((m) => m.AdminManagementPage),
  ),
  adminPage('audit', paths.admin.audit.path, 'Audit Log', () => import('#web/features/admin/pages/audit-page.js').then((m) => m.AuditPage)),
];

/**
 * The app's route tree. `queryClient` is the app's: the customer pages' loaders start the page's
 * requests in it while the page's code downloads (route-loaders.ts).
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  /** A customer page's data, asked for beside its code (route-loaders.ts). */
  const prefetching = (prefetch: (typeof prefetchers)[keyof typeof prefetchers]) => ({
    loader: prefetchLoader(queryClient, prefetch),
    shouldRevalidate: revalidateOnNewPage,
  });
  return [
    {
      Component: RootLayout,
      errorElement: <RouteError />,
      HydrateFallback: () => <Splash message="Loading…" />,
      children: [
        {
          Component: PublicLayout,
          children: [
            { path: paths.home.path, Component: LandingPage, ...titled('Buy and sell crypto with cedis and mobile money') },
            {
              path: paths.about.path,
              ...titled('About'),
              lazy: page(() => import('#web/features/public/pages/about-page.js').then((m) => m.AboutPage)),
            },
            {
              path: paths.terms.path,
              ...titled('Terms of Service'),
              lazy: page(() => import('#web/features/public/pages/terms-page.js').then((m) => m.TermsPage)),
            },
            {
              path: paths.privacy.path,
              ...titled('Privacy Policy'),
              lazy: page(() => import('#web/features/public/pages/privacy-page.js').then((m) => m.PrivacyPage)),
            },
            {
              path: paths.contact.path,
              ...titled('Contact us'),
              lazy: page(() => import('#web/features/public/pages/contact-page.js').then((m) => m.ContactPage)),
            },
            {
              path: paths.faq.path,
              ...titled('Frequently asked questions'),
              lazy: page(() => import('#web/features/public/pages/faq-page.js').then((m) => m.FaqPage)),
            },
            {
              path: paths.forgotPassword.path,
              ...titled('Forgot password'),
              lazy: page(() => import('#web/features/auth/pages/forgot-password-page.js').then((m) => m.ForgotPasswordPage)),
            },
            {
              path: paths.resetPassword.path,
              ...titled('Reset password'),
              lazy: page(() => import('#web/features/auth/pages/reset-password-page.js').then((m) => m.ResetPasswordPage)),
            },
            {
              path: paths.resetPasswordWithToken.path,
              ...titled('Reset password'),
              lazy: page(() => import('#web/features/auth/pages/reset-password-page.js').then((m) => m.ResetPasswordPage)),
            },
            {
              path: paths.verifyEmail.path,
              ...titled('Confirm your email'),
              lazy: page(() => import('#web/features/auth/pages/verify-email-page.js').then((m) => m.VerifyEmailPage)),
            },
            {
              path: paths.accountCreated.path,
              ...titled('Account created'),
              lazy: page(() => import('#web/features/auth/pages/account-created-page.js').then((m) => m.AccountCreatedPage)),
            },
            {
              Component: GuestOnly,
              children: [
                {
                  path: paths.login.path,
                  ...titled('Log in'),
                  lazy: page(() => import('#web/features/auth/pages/login-page.js').then((m) => m.LoginPage)),
                },
                {
                  path: paths.signup.path,
                  ...titled('Sign up'),
                  lazy: page(() => import('#web/features/auth/pages/signup-page.js').then((m) => m.SignupPage)),
                },
              ],
            },
            {
              Component: RequireCustomer,
              children: [
                {
                  path: paths.dashboard.path,
                  ...titled('Dashboard'),
                  ...prefetching(prefetchers.dashboard),
                  lazy: page(() => import('#web/features/dashboard/pages/dashboard-page.js').then((m) => m.DashboardPage)),
                },
                {
                  path: paths.buy.path,
                  ...titled('Buy crypto'),
                  ...prefetching(prefetchers.buy),
                  lazy: page(() => import('#web/features/trade/pages/buy-page.js').then((m) => m.BuyPage)),
                },
                {
                  path: paths.sell.path,
                  ...titled('Sell crypto'),
                  ...prefetching(prefetchers.sell),
                  lazy: page(() => import('#web/features/trade/pages/sell-page.js').then((m) => m.SellPage)),
                },
                {
                  path: paths.history.path,
                  ...titled('Order history'),
                  ...prefetching(prefetchers.history),
                  lazy: page(() => import('#web/features/history/pages/history-page.js').then((m) => m.HistoryPage)),
                },
                {
                  path: paths.order.path,
                  ...titled((params) => `Order #${params.id ?? ''}`),
                  ...prefetching(prefetchers.order),
                  // Its frame is in the entry chunk, the page's code loads inside it (docs/decisions/055).
                  Component: OrderRoute,
                },
                {
                  path: paths.kyc.path,
                  ...titled('Verify your identity'),
                  lazy: page(() => import('#web/features/kyc/pages/kyc-page.js').then((m) => m.KycPage)),
                },
                {
                  path: paths.security.path,
                  ...titled('Security'),
                  lazy: page(() => import('#web/features/auth/pages/security-page.js').then((m) => m.SecurityPage)),
                },
              ],
            },
          ],
        },
        {
          Component: AdminAuthLayout,
          children: [
            {
              path: paths.admin.accessDenied.path,
              ...titled(MSG.accessDeniedTitle),
              lazy: page(() => import('#web/features/auth/pages/access-denied-page.js').then((m) => m.AccessDeniedPage)),
            },
            {
              path: paths.admin.setPassword.path,
              ...titled('Set your password'),
              lazy: page(() => import('#web/features/auth/pages/set-password-page.js').then((m) => m.SetPasswordPage)),
            },
            {
              path: paths.admin.twoFactorSetup.path,
              ...titled('Set up two-factor authentication'),
              lazy: page(() => import('#web/features/auth/pages/two-factor-setup-page.js').then((m) => m.TwoFactorSetupPage)),
            },
            {
              Component: AdminGuestOnly,
              children: [
                {
                  path: paths.admin.login.path,
                  ...titled('Admin Login'),
                  lazy: page(() => import('#web/features/auth/pages/admin-login-page.js').then((m) => m.AdminLoginPage)),
                },
              ],
            },
          ],
        },
        {
          path: paths.admin.root.path,
          Component: RequireStaff,
          children: [
            {
              lazy: async () => ({ Component: (await import('./layouts/admin-layout')).AdminLayout }),
              children: [
                ...adminPages,
                // Every staff role, so no area guard (docs/decisions/023, 032).
                {
                  path: paths.admin.notifications.path,
                  ...titled('Notifications'),
                  lazy: page(() =>
                    import('#web/features/admin/notifications/pages/notifications-page.js').then((m) => m.NotificationsPage),
                  ),
                },
                {
                  path: paths.admin.changePassword.path,
                  ...titled('Change password'),
                  lazy: page(() => import('#web/features/auth/pages/change-password-page.js').then((m) => m.ChangePasswordPage)),
                },
                { path: '*', Component: NotFoundPage, ...titled(MSG.pageNotFound) },
              ],
            },
          ],
        },
        { Component: PublicLayout, children: [{ path: '*', Component: NotFoundPage, ...titled(MSG.pageNotFound) }] },
      ],
    },
  ];
}
