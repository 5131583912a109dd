import { CATALOGUE_DATA_ID } from '@store/shared/embedded-data';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, test } from 'vitest';
import { DateCell } from '#src/components/data-table';
import { ZoneNote } from '#src/components/zone-note';
import { catalogueFixture } from '#src/test/site-fixture';
import { CatalogueContext, type CatalogueState } from './catalogue/catalogue-context';
import { useFoundationTimeZone } from './use-foundation-time-zone';

const NEW_YEARS_EVE = '2027-01-01T05:30:00.000Z';

function Zone() {
  return <p data-testid="zone">{useFoundationTimeZone() ?? 'unknown'}</p>;
}

function withCatalogue(state: CatalogueState, children: ReactNode) {
  return <CatalogueContext value={{ state, retry: () => {} }}>{children}</CatalogueContext>;
}

const tokyo = { ...catalogueFixture, foundation: { ...catalogueFixture.foundation, timeZone: 'Asia/Tokyo' } };

describe('useFoundationTimeZone', () => {
  test("the catalogue's foundation zone once it is loaded", async () => {
    await act(async () => render(withCatalogue({ status: 'ready', data: tokyo }, <Zone />)));
    expect(screen.getByTestId('zone')).toHaveTextContent('Asia/Tokyo');
  });

  test('before the loader answers, the catalogue embedded in the page', async () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = CATALOGUE_DATA_ID;
    script.textContent = JSON.stringify(tokyo);
    document.head.append(script);
    try {
      await act(async () => render(withCatalogue({ status: 'loading' }, <DateCell iso={NEW_YEARS_EVE} />)));
      expect(screen.getByText('Jan 1, 2027, 2:30 PM')).toBeInTheDocument();
    } finally {
      script.remove();
    }
  });

  test("no catalogue at all: null, so times are written in UTC and named, never in the browser's zone", async () => {
    await act(async () =>
      render(
        withCatalogue(
          { status: 'error', message: 'offline' },
          <>
            <Zone />
            <DateCell iso={NEW_YEARS_EVE} />
            <ZoneNote />
          </>,
        ),
      ),
    );
    expect(screen.getByTestId('zone')).toHaveTextContent('unknown');
    expect(screen.getByText('Jan 1, 2027, 5:30:00 AM UTC')).toBeInTheDocument();
    expect(screen.queryByText(/Dates and times in/)).toBeNull();
  });

  test('the zone note names the zone once', async () => {
    await act(async () => render(withCatalogue({ status: 'ready', data: catalogueFixture }, <ZoneNote />)));
    expect(
      screen.getByText(/^Dates and times in America\/Chicago \(C[SD]T\), the foundation's time zone\.$/),
    ).toBeVisible();
  });
});
