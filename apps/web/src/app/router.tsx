import { BrowserRouter, useRoutes } from 'react-router';
import { RouteBoundary } from './route-status';
import { preloadPage, routes } from './routes';

// The landing page's chunk starts now, while the boot calls are out (routes.tsx).
preloadPage(window.location.pathname);

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Mounted only in the normal state, so the system pages never start listening to history. A
 * declarative router: the app uses no loaders or actions, and the data router's code would double the
 * router's share of the first bundle (decision 0015).
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <RouteBoundary>
        <AppRoutes />
      </RouteBoundary>
    </BrowserRouter>
  );
}
