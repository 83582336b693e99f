import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { EngineInfo } from '@craftwell/contracts/jobs';
import { apiRequest } from './api-client.js';

export type ToolKey = 'article' | 'blog-title' | 'generate-image' | 'remove-background' | 'remove-object' | 'resume-review';

export type Plan = {
  id: 'free' | 'premium';
  name: string;
  price: number;
  interval: string;
  popular: boolean;
  features: string[];
  limits: Partial<Record<ToolKey, number | null>>;
};

export type { EngineInfo };

export type AppConfig = {
  auth: { mode: 'local' | 'clerk'; clerkPublishableKey?: string };
  plans: Plan[];
  engines: Partial<Record<ToolKey, EngineInfo | null>>;
  imageGeneration: { configured: boolean; message?: string };
};

type AppConfigState = { config: AppConfig | null; isLoaded: boolean };

const AppConfigContext = createContext<AppConfigState>({ config: null, isLoaded: false });

/** Served configuration (GET /api/config); null when the api could not be reached. */
export function useAppConfig(): AppConfigState {
  return useContext(AppConfigContext);
}

export function AppConfigProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AppConfigState>({ config: null, isLoaded: false });

  useEffect(() => {
    let cancelled = false;
    apiRequest<AppConfig>('/api/config')
      .then((reply) => {
        const config = reply.success && reply.auth ? (reply as unknown as AppConfig) : null;
        if (!cancelled) setState({ config, isLoaded: true });
      })
      .catch(() => {
        if (!cancelled) setState({ config: null, isLoaded: true });
      });
    return () => {
      cancelled = true;
    };
  }, []);

  return <AppConfigContext.Provider value={state}>{children}</AppConfigContext.Provider>;
}

/** A fixed value for tests and previews. */
export function StaticAppConfigProvider({ config, children }: { config: AppConfig | null; children: ReactNode }) {
  return <AppConfigContext.Provider value={{ config, isLoaded: true }}>{children}</AppConfigContext.Provider>;
}
