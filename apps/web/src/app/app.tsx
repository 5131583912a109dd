import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
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
    <I18nProvider i18n={i18n}>
      <CatalogueProvider>
        <CartProvider>
          <Layout>
            <AppRoutes />
          </Layout>
        </CartProvider>
      </CatalogueProvider>
    </I18nProvider>
  );
}
