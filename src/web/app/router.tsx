import type { ComponentType } from 'react';
import { createHashRouter, type RouteObject } from 'react-router';
import type { TArea } from '../../shared/permissions.js';
import { Splash } from '../components/ui/splash';
import { AccessDeniedPage } from '../features/auth/pages/access-denied-page';
import { AccountCreatedPage } from '../features/auth/pages/account-created-page';
import { AdminLoginPage } from '../features/auth/pages/admin-login-page';
import { ForgotPasswordPage } from '../features/auth/pages/forgot-password-page';
import { LoginPage } from '../features/auth/pages/login-page';
import { ResetPasswordPage } from '../features/auth/pages/reset-password-page';
import { SignupPage } from '../features/auth/pages/signup-page';
import { DashboardPage } from '../features/dashboard/pages/dashboard-page';
import { HistoryPage } from '../features/history/pages/history-page';
import { KycPage } from '../features/kyc/pages/kyc-page';
import { AboutPage } from '../features/public/pages/about-page';
import { ContactPage } from '../features/public/pages/contact-page';
import { FaqPage } from '../features/public/pages/faq-page';
import { LandingPage } from '../features/public/pages/landing-page';
import { NotFoundPage } from '../features/public/pages/not-found-page';
import { PrivacyPage } from '../features/public/pages/privacy-page';
import { TermsPage } from '../features/public/pages/terms-page';
import { BuyPage } from '../features/trade/pages/buy-page';
import { SellPage } from '../features/trade/pages/sell-page';
import { paths } from '../lib/paths';
import { AdminGuestOnly, GuestOnly } from './guards/guest-only';
import { RequireArea } from './guards/require-area';
import { RequireCustomer } from './guards/require-customer';
import { RequireStaff } from './guards/require-staff';
import { AdminAuthLayout } from './layouts/admin-auth-layout';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './route-error';

/**
 * An admin page: its area guard (from the shared role matrix) around a lazily loaded page,
 * so the back-office code is a separate chunk that customers never download.
 */
function adminPage(area: TArea, path: string | null, load: () => Promise<ComponentType>): RouteObject {
  const lazy = async () => ({ Component: await load() });
  return {
    element: <RequireArea area={area} />,
    children: [path === null ? { index: true, lazy } : { path, lazy }],
  };
}

const adminPages: RouteObject[] = [
  adminPage('dashboard', null, () => import('../features/admin/pages/admin-dashboard-page').then((m) => m.AdminDashboardPage)),
  adminPage('dashboard', paths.admin.dashboard.path, () =>
    import('../features/admin/pages/admin-dashboard-page').then((m) => m.AdminDashboardPage),
  ),
  adminPage('users', paths.admin.users.path, () => import('../features/admin/pages/users-page').then((m) => m.UsersPage)),
  adminPage('orders', paths.admin.orders.path, () => import('../features/admin/pages/orders-page').then((m) => m.OrdersPage)),
  adminPage('coins', paths.admin.coins.path, () => import('../features/admin/pages/coins-page').then((m) => m.CoinsPage)),
  adminPage('paymentMethods', paths.admin.paymentMethods.path, () =>
    import('../features/admin/pages/payment-methods-page').then((m) => m.PaymentMethodsPage),
  ),
  adminPage('kyc', paths.admin.kycSubmissions.path, () =>
    import('../features/admin/pages/kyc-submissions-page').then((m) => m.KycSubmissionsPage),
  ),
  adminPage('chat', paths.admin.chat.path, () => import('../features/admin/pages/chat-page').then((m) => m.ChatPage)),
  adminPage('cannedResponses', paths.admin.cannedResponses.path, () =>
    import('../features/admin/pages/canned-responses-page').then((m) => m.CannedResponsesPage),
  ),
  adminPage('contact', paths.admin.contact.path, () =>
    import('../features/admin/pages/contact-content-page').then((m) => m.ContactContentPage),
  ),
  adminPage('emails', paths.admin.emails.path, () => import('../features/admin/pages/emails-page').then((m) => m.EmailsPage)),
  adminPage('settings', paths.admin.settings.path, () => import('../features/admin/pages/settings-page').then((m) => m.SettingsPage)),
  adminPage('admins', paths.admin.management.path, () =>
    import('../features/admin/pages/admin-management-page').then((m) => m.AdminManagementPage),
  ),
  adminPage('audit', paths.admin.audit.path, () => import('../features/admin/pages/audit-page').then((m) => m.AuditPage)),
];

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    errorElement: <RouteError />,
    HydrateFallback: () => <Splash message="Loading…" />,
    children: [
      {
        Component: PublicLayout,
        children: [
          { path: paths.home.path, Component: LandingPage },
          { path: paths.about.path, Component: AboutPage },
          { path: paths.terms.path, Component: TermsPage },
          { path: paths.privacy.path, Component: PrivacyPage },
          { path: paths.contact.path, Component: ContactPage },
          { path: paths.faq.path, Component: FaqPage },
          { path: paths.forgotPassword.path, Component: ForgotPasswordPage },
          { path: paths.resetPassword.path, Component: ResetPasswordPage },
          { path: paths.resetPasswordWithToken.path, Component: ResetPasswordPage },
          { path: paths.accountCreated.path, Component: AccountCreatedPage },
          {
            Component: GuestOnly,
            children: [
              { path: paths.login.path, Component: LoginPage },
              { path: paths.signup.path, Component: SignupPage },
            ],
          },
          {
            Component: RequireCustomer,
            children: [
              { path: paths.dashboard.path, Component: DashboardPage },
              { path: paths.buy.path, Component: BuyPage },
              { path: paths.sell.path, Component: SellPage },
              { path: paths.history.path, Component: HistoryPage },
              { path: paths.kyc.path, Component: KycPage },
            ],
          },
        ],
      },
      {
        Component: AdminAuthLayout,
        children: [
          { path: paths.admin.accessDenied.path, Component: AccessDeniedPage },
          { Component: AdminGuestOnly, children: [{ path: paths.admin.login.path, Component: AdminLoginPage }] },
        ],
      },
      {
        path: paths.admin.root.path,
        Component: RequireStaff,
        children: [
          {
            lazy: async () => ({ Component: (await import('./layouts/admin-layout')).AdminLayout }),
            children: [...adminPages, { path: '*', Component: NotFoundPage }],
          },
        ],
      },
      { Component: PublicLayout, children: [{ path: '*', Component: NotFoundPage }] },
    ],
  },
];

export const router = createHashRouter(routes);
