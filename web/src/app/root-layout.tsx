import { Outlet, ScrollRestoration } from 'react-router-dom';
import { AppConfigProvider } from '../lib/app-config.js';
import { LoadingState } from '../components/spinner.js';
import { AppToaster } from '../components/toaster.js';
import { AuthProvider } from './auth.js';

/** Providers shared by every route. No errorElement here: unknown routes get the router's default screen. */
export function RootLayout() {
  return (
    <AppConfigProvider>
      <a
        href="#main"
        className="sr-only z-[60] rounded-lg bg-white px-4 py-2 text-sm font-medium text-brand-700 shadow-lg ring-1 ring-slate-200 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <AuthProvider fallback={<FullPageLoading />}>
        <Outlet />
      </AuthProvider>
      <AppToaster />
      <ScrollRestoration />
    </AppConfigProvider>
  );
}

export function FullPageLoading() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <LoadingState text="Loading..." />
    </div>
  );
}
