import { CartProvider } from '../features/bucket/cart-provider';
import { CatalogueProvider } from '../features/store/catalogue-provider';
import { AppRoutes } from './app-routes';
import { Layout } from './layout';

/** Everything below the router; main.tsx supplies a BrowserRouter, tests a MemoryRouter. */
export function App() {
  return (
    <CatalogueProvider>
      <CartProvider>
        <Layout>
          <AppRoutes />
        </Layout>
      </CartProvider>
    </CatalogueProvider>
  );
}
