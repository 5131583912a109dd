import { CartProvider } from '#src/lib/cart/cart-provider';
import { CatalogueProvider } from '#src/lib/catalogue/catalogue-provider';
import { AppRoutes } from './app-routes';
import { Layout } from './layout';

/**
 * Everything below the router; main.tsx supplies a BrowserRouter, tests a MemoryRouter. The language
 * is activated, with the site's catalogue loaded, before this renders (main.tsx, entry-server.tsx,
 * the web tests' setup).
 */
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
