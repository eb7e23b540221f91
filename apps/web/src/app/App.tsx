import { useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AntDesignProvider } from './AntDesignProvider';
import { routerBasename } from './base-path';
import { I18nProvider } from './i18n/I18nProvider';
import { GlobalLoadingOverlay } from './loading/GlobalLoadingOverlay';
import { createQueryClient } from './query-client';
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
