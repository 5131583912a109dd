import { CATALOGUE_DATA_ID } from '@store/shared/embedded-data';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { catalogueFixture } from '#src/test/site-fixture';
import { getCatalogue } from './get-catalogue';

function embed(text: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = CATALOGUE_DATA_ID;
  script.textContent = text;
  document.head.append(script);
}

describe('getCatalogue', () => {
  afterEach(() => {
    document.getElementById(CATALOGUE_DATA_ID)?.remove();
    vi.unstubAllGlobals();
  });

  test('uses the catalogue the server embedded in the page, without a request', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    embed(JSON.stringify(catalogueFixture).replace(/</g, '\\u003c'));
    await expect(getCatalogue()).resolves.toEqual(catalogueFixture);
    expect(fetch).not.toHaveBeenCalled();
  });

  test('asks the API, and validates its answer, when the page carries none or a mangled one', async () => {
    const fetch = vi.fn(async () => Response.json(catalogueFixture));
    vi.stubGlobal('fetch', fetch);
    embed('{"items": [');
    await expect(getCatalogue()).resolves.toEqual(catalogueFixture);
    expect(fetch).toHaveBeenCalledTimes(1);

    document.getElementById(CATALOGUE_DATA_ID)?.remove();
    fetch.mockImplementation(async () => Response.json({ ...catalogueFixture, items: 'not a list' }));
    await expect(getCatalogue()).rejects.toThrow();
  });
});
