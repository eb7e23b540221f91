import { Suspense } from 'react';
import { Flex, Spin } from 'antd';
import { Navigate, Route, Routes } from 'react-router';
import { NotFoundNotice } from '../../ui/NotFoundNotice';
import { RequireSession } from '../auth/RequireSession';
import { IngressPage, LoginPage, LogoutPage, MainLayout } from './lazy-pages';
import { StandaloneScreen } from './StandaloneScreen';
import { PageErrorBoundary } from './PageErrorBoundary';
import { ScreenRoute } from './ScreenRoute';
import {
  HOME_PATH,
  LAYOUT_SCREENS,
  LOGOUT_PATH,
  screenPath,
  SIGN_IN_PATH,
  STANDALONE_SCREENS,
} from '../../platform/screens/screens';

function RouteLoading() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '60vh' }}>
      <Spin size="large" />
    </Flex>
  );
}

/**
 * The route table of spec 000 §2. Sign-in, ingress and logout are public; /monitor and /report are
 * outside the layout but need a session (DESIGN §7); any other path shows "Page not found" inside the
 * layout with a link home (issue 17, decision 0028; the spec renders nothing). A page that cannot be
 * loaded (or crashes) shows a full-page error with a Reload button, never a blank page.
 */
export function AppRoutes() {
  return (
    <PageErrorBoundary>
      <Suspense fallback={<RouteLoading />}>
        <Routes>
          <Route path="/Login" element={<LoginPage />} />
          <Route path={SIGN_IN_PATH} element={<LoginPage />} />
          <Route path="/ingress" element={<IngressPage />} />
          <Route path={LOGOUT_PATH} element={<LogoutPage />} />
          <Route element={<RequireSession />}>
            {STANDALONE_SCREENS.map((screen) => (
              <Route key={screen} path={screenPath(screen)} element={<StandaloneScreen screen={screen} />} />
            ))}
            <Route element={<MainLayout />}>
              <Route path="/" element={<Navigate to={HOME_PATH} replace />} />
              {LAYOUT_SCREENS.map((screen) => (
                <Route key={screen} path={screenPath(screen)} element={<ScreenRoute screen={screen} />} />
              ))}
              <Route path="*" element={<NotFoundNotice />} />
            </Route>
          </Route>
        </Routes>
      </Suspense>
    </PageErrorBoundary>
  );
}
