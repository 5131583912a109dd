import { type StaffCatalogue, siteContentMessages, staffCatalogueSchema } from '@store/shared/site-content';
import type { StaffRole } from '@store/shared/staff';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { deferred, stubApi } from '#src/test/checkout-doubles';
import { jsonResponse } from '#src/test/render-app';
import site from '../../../../../../config/site.json';
import { AdminContext } from '../admin-context';
import { sessionOf } from '../admin-test-helpers';
import { CatalogueAdminPage } from './catalogue-page';

const catalogue: StaffCatalogue = staffCatalogueSchema.parse({
  version: 3,
  content: {
    catalogue: site.catalogue,
    concert: site.concert,
    centers: site.centers,
    event: site.event,
    entities: site.entities,
  },
  updatedAt: '2026-11-27T12:00:00.000Z',
});

/** The answer to an edit: the document with the book changed, one version on. */
function withBook(change: Partial<StaffCatalogue['content']['catalogue'][number]>): StaffCatalogue {
  return {
    ...catalogue,
    version: catalogue.version + 1,
    content: {
      ...catalogue.content,
      catalogue: catalogue.content.catalogue.map((i) => (i.id === 9 ? { ...i, ...change } : i)),
    },
  };
}

const BOOK = 'Guruvara Dattam Vimalacharita Satakam';

/** The page as a member of this role sees it (an editor unless a test says otherwise). */
function renderPage(role: StaffRole = 'editor') {
  const admin = { session: sessionOf(role), expire: () => {}, replaceSession: () => {} };
  return render(
    <AdminContext.Provider value={admin}>
      <CatalogueAdminPage />
    </AdminContext.Provider>,
  );
}

async function openEditor(handlers: Parameters<typeof stubApi>[0] = {}, role: StaffRole = 'editor') {
  const api = stubApi({ 'GET /api/staff/catalogue': () => jsonResponse(catalogue), ...handlers });
  const user = userEvent.setup();
  await act(async () => renderPage(role));
  await screen.findByRole('heading', { name: 'Store items' }, { timeout: 10_000 });
  return { api, user };
}

describe('the catalogue editor (/admin/catalogue)', () => {
  test('says it is loading, then lists the store items, concert tiers and centers', async () => {
    const answer = deferred<Response>();
    stubApi({ 'GET /api/staff/catalogue': () => answer.promise });
    await act(async () => renderPage());
    expect(screen.getByRole('status')).toHaveTextContent('Loading the catalogue…');
    answer.resolve(jsonResponse(catalogue));
    const items = await screen.findByRole('region', { name: 'Store items' });
    expect(within(items).getByText(BOOK)).toBeInTheDocument();
    expect(within(items).getByText('$5.00')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Concert tiers' })).getByText('Concert Patron'),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Centers' })).toBeInTheDocument();
  });

  test("changes the book's price: sends the version it showed and shows the saved price", async () => {
    const { api, user } = await openEditor({
      'PUT /api/staff/catalogue/items/9': () => jsonResponse(withBook({ price: 7.5 })),
    });
    await user.click(screen.getByRole('button', { name: `Edit ${BOOK}` }));
    const price = screen.getByLabelText('Price (US$)');
    await user.clear(price);
    await user.type(price, '7.50');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent(`${BOOK} saved.`);
    const [sent] = api.requests('PUT /api/staff/catalogue/items/9');
    expect(sent?.body).toMatchObject({ version: 3, item: { name: BOOK, price: 7.5, archived: false } });
    expect(within(screen.getByRole('region', { name: 'Store items' })).getByText('$7.50')).toBeInTheDocument();
    // Keyboard users carry on from the button that opened the form.
    expect(screen.getByRole('button', { name: `Edit ${BOOK}` })).toHaveFocus();
  });

  test("keeps the book's prices in the other currencies, and changes one (empty: not sold in it)", async () => {
    const { api, user } = await openEditor({
      'PUT /api/staff/catalogue/items/9': () => jsonResponse(withBook({ prices: { CAD: 8 } })),
    });
    await user.click(screen.getByRole('button', { name: `Edit ${BOOK}` }));
    // site.json's book: CA$7 and £4 beside $5.
    expect(screen.getByLabelText('Price (CA$)')).toHaveValue('7');
    expect(screen.getByLabelText('Price (£)')).toHaveValue('4');
    await user.clear(screen.getByLabelText('Price (CA$)'));
    await user.type(screen.getByLabelText('Price (CA$)'), '8');
    await user.clear(screen.getByLabelText('Price (£)'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent(`${BOOK} saved.`);
    const [sent] = api.requests('PUT /api/staff/catalogue/items/9');
    expect(sent?.body).toMatchObject({ item: { price: 5, prices: { CAD: 8 } } });
    expect(sent?.body).not.toHaveProperty('item.prices.GBP');
  });

  test('Cancel closes the form without sending anything and returns focus to its button', async () => {
    const { api, user } = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Add a center' }));
    await user.type(screen.getByLabelText('Name'), 'Toronto');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Name')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add a center' })).toHaveFocus();
    expect(api.requests('POST /api/staff/catalogue/centers')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Download site.json' })).toHaveAttribute(
      'href',
      '/api/staff/catalogue/export',
    );
  });

  test('checks the fields before sending, and shows what the server refuses by its field, focused', async () => {
    const { api, user } = await openEditor({
      'PUT /api/staff/catalogue/items/9': () =>
        jsonResponse(
          {
            error: {
              code: 'validation_error',
              message: 'Check the fields.',
              fields: { 'item.name': 'Too long for the receipt' },
            },
          },
          400,
        ),
    });
    await user.click(screen.getByRole('button', { name: `Edit ${BOOK}` }));
    await user.clear(screen.getByLabelText('Price (US$)'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Price (US$)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Price (US$)')).toHaveFocus();
    expect(api.requests('PUT /api/staff/catalogue/items/9')).toHaveLength(0);

    await user.type(screen.getByLabelText('Price (US$)'), '6');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Too long for the receipt');
    expect(screen.getByRole('alert')).toHaveTextContent('Check the fields.');
  });

  test('a change made by someone else meanwhile (409) says so, and Reload fetches the current version', async () => {
    const { api, user } = await openEditor({
      'PUT /api/staff/catalogue/items/9': () =>
        jsonResponse(
          { error: { code: 'conflict', message: 'Someone else changed the catalogue after you opened it.' } },
          409,
        ),
    });
    await user.click(screen.getByRole('button', { name: `Edit ${BOOK}` }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Someone else changed the catalogue');
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(api.requests('GET /api/staff/catalogue')).toHaveLength(2));
  });

  test('archives and restores an item, never deletes it', async () => {
    const { api, user } = await openEditor({
      'PUT /api/staff/catalogue/items/9': () => jsonResponse(withBook({ archived: true })),
    });
    await user.click(screen.getByRole('button', { name: `Archive ${BOOK}` }));
    expect(await screen.findByRole('status')).toHaveTextContent(`${BOOK} archived.`);
    expect(api.requests('PUT /api/staff/catalogue/items/9')[0]?.body).toMatchObject({ item: { archived: true } });
    expect(screen.getByRole('button', { name: `Restore ${BOOK}` })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /delete/i })).toBeNull();
  });

  test('refuses a picture of another type or over 2 MB before sending it, and uploads a PNG', async () => {
    const uploaded = {
      id: '3f1c2b9e-8d4a-4c1e-9b2f-5a6d7e8f9a0b',
      url: '/api/public/images/3f1c2b9e-8d4a-4c1e-9b2f-5a6d7e8f9a0b',
    };
    const { api, user } = await openEditor({
      'POST /api/staff/catalogue/images': () => jsonResponse(uploaded, 201),
      'PUT /api/staff/catalogue/items/9': () => jsonResponse(withBook({ imageId: uploaded.id })),
    });
    await user.click(screen.getByRole('button', { name: `Edit ${BOOK}` }));
    const input = screen.getByLabelText('Picture (PNG, JPEG or WebP, up to 2 MB)');
    // applyAccept off: the browser's file dialog filters by `accept`, a dropped or pasted file does not.
    const typing = userEvent.setup({ applyAccept: false });
    await typing.upload(input, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(input).toHaveAccessibleDescription('Choose a PNG, JPEG or WebP picture.');
    await typing.upload(input, new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }));
    expect(input).toHaveAccessibleDescription('This picture is over 2 MB. Make it smaller and upload it again.');
    expect(api.requests('POST /api/staff/catalogue/images')).toHaveLength(0);

    await typing.upload(input, new File([new Uint8Array([0x89, 0x50])], 'cover.png', { type: 'image/png' }));
    await waitFor(() => expect(api.requests('POST /api/staff/catalogue/images')).toHaveLength(1));
    await waitFor(() => expect(input).not.toHaveAttribute('aria-invalid'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(`${BOOK} saved.`);
    expect(api.requests('PUT /api/staff/catalogue/items/9')[0]?.body).toMatchObject({ item: { imageId: uploaded.id } });
  });

  test('adds a concert tier with what the donor receives and its fair market value', async () => {
    const { api, user } = await openEditor({
      'POST /api/staff/catalogue/items': () => jsonResponse({ ...catalogue, version: 4 }, 201),
    });
    await user.click(screen.getByRole('button', { name: 'Add a concert tier' }));
    await user.type(screen.getByLabelText('Name'), 'Concert Benefactor');
    await user.type(screen.getByLabelText('Price (US$)'), '10000');
    await user.selectOptions(screen.getByLabelText('What the donor receives'), 'services');
    await user.type(screen.getByLabelText('Said on the receipt'), 'Four reserved seats');
    await user.type(screen.getByLabelText('Fair market value per unit (US$)'), '400');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Concert Benefactor added.');
    expect(api.requests('POST /api/staff/catalogue/items')[0]?.body).toEqual({
      version: 3,
      list: 'concert',
      item: {
        name: 'Concert Benefactor',
        price: 10000,
        desc: '',
        benefit: { kind: 'services', description: 'Four reserved seats', fairMarketValue: 400 },
        archived: false,
      },
    });
  });

  test('shows the legal entities to an editor, who cannot change them', async () => {
    await openEditor();
    const entities = screen.getByRole('region', { name: 'Legal entities' });
    expect(within(entities).getByText(/United Kingdom, GBP, Gift Aid declarations/)).toBeInTheDocument();
    expect(within(entities).getByText(/Only an owner changes them/)).toBeInTheDocument();
    expect(within(entities).queryByRole('button')).toBeNull();
  });

  test("lets the owner change an entity's merchant account and fee, and shows a refused prefix by its field", async () => {
    const canada = catalogue.content.entities.find((e) => e.key === 'ca');
    if (!canada) throw new Error('site.json has no Canadian entity');
    let calls = 0;
    const saved = { ...canada, merchantAccountId: 'cad_account_2', processingFee: { percent: 1.9, fixed: 0.3 } };
    const { api, user } = await openEditor(
      {
        'PUT /api/staff/catalogue/entities/ca': () =>
          ++calls === 1
            ? jsonResponse(
                {
                  error: {
                    code: 'conflict',
                    message: siteContentMessages.entityLocked,
                    fields: { 'entity.receiptPrefix': siteContentMessages.entityLocked },
                  },
                },
                409,
              )
            : jsonResponse({
                ...catalogue,
                version: 4,
                content: {
                  ...catalogue.content,
                  entities: catalogue.content.entities.map((e) => (e.key === 'ca' ? saved : e)),
                },
              }),
      },
      'owner',
    );
    await user.click(screen.getByRole('button', { name: `Edit ${canada.name}` }));
    await user.clear(screen.getByLabelText('Receipt prefix'));
    await user.type(screen.getByLabelText('Receipt prefix'), 'CN-');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const prefix = screen.getByLabelText('Receipt prefix');
    await waitFor(() => expect(prefix).toHaveFocus());
    expect(prefix).toHaveAccessibleDescription(expect.stringContaining(siteContentMessages.entityLocked));

    await user.clear(prefix);
    await user.type(prefix, canada.receiptPrefix);
    const account = screen.getByLabelText('Braintree merchant account');
    await user.clear(account);
    await user.type(account, 'cad_account_2');
    const percent = screen.getByLabelText('Processor fee: percent of each charge');
    await user.clear(percent);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // An empty fee is refused by its field, before anything is sent.
    await waitFor(() => expect(percent).toHaveFocus());
    expect(api.requests('PUT /api/staff/catalogue/entities/ca')).toHaveLength(1);
    await user.type(percent, '1.9');
    await user.clear(screen.getByLabelText('Processor fee: fixed part of each charge (CAD)'));
    await user.type(screen.getByLabelText('Processor fee: fixed part of each charge (CAD)'), '0.30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent(`${canada.name} saved.`);
    const sent = api.requests('PUT /api/staff/catalogue/entities/ca');
    expect(sent[1]?.body).toEqual({
      version: 3,
      entity: { ...saved, key: undefined },
    });
    expect(
      within(screen.getByRole('region', { name: 'Legal entities' })).getByText(/cad_account_2/),
    ).toBeInTheDocument();
  });

  test("a role without the permission sees the server's message", async () => {
    stubApi({
      'GET /api/staff/catalogue': () =>
        jsonResponse({ error: { code: 'forbidden', message: 'Your role cannot do this.' } }, 403),
    });
    await act(async () => renderPage());
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role cannot do this.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
