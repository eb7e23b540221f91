import { useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AntDesignProvider } from '../ui/AntDesignProvider';
import { routerBasename } from '../platform/base-path';
import { I18nProvider } from '../platform/i18n/I18nProvider';
import { GlobalLoadingOverlay } from '../ui/GlobalLoadingOverlay';
import { createQueryClient } from '../platform/query-client';
import { AppRoutes } from './routes/AppRoutes';
import { unregisterServiceWorkers } from './service-worker';
import './global.css';

export function App() {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => {
    void unregisterServiceWorkers();
  }, []);
  return (
    <I18nProvider>
      <AntDesignProvider>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter basename={routerBasename()}>
            <AppRoutes />
          </BrowserRouter>
          <GlobalLoadingOverlay />
        </QueryClientProvider>
      </AntDesignProvider>
    </I18nProvider>
  );
}
