import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { AntDesignProvider } from '../ui/AntDesignProvider';
import { I18nProvider } from '../platform/i18n/I18nProvider';
import { createQueryClient } from '../platform/query-client';

/** The console's providers around `children`, with an in-memory router starting at `route`. */
export function TestProviders({ route = '/', children }: { route?: string; children: ReactNode }) {
  return (
    <I18nProvider>
      <AntDesignProvider motion={false}>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
        </QueryClientProvider>
      </AntDesignProvider>
    </I18nProvider>
  );
}

/** Shows the router's current location, for tests that follow redirects. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}
