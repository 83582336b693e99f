import { Outlet, ScrollRestoration } from 'react-router-dom';
import { AppConfigProvider } from '../lib/app-config.js';
import { LoadingState } from '../components/Spinner.js';
import { AppToaster } from '../components/Toaster.js';
import { AuthProvider } from './auth.js';

/** Providers shared by every route. No errorElement here: unknown routes get the router's default screen. */
export function RootLayout() {
  return (
    <AppConfigProvider>
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
