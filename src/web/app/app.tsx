import { createHashRouter, RouterProvider } from 'react-router';
import { AppProviders } from './providers';
import { routes } from './router';

const router = createHashRouter(routes);

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
