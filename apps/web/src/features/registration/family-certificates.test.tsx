import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '#src/test/checkout-doubles';
import { jsonResponse } from '#src/test/render-app';
import { FamilyCertificates } from './family-certificates';

const ANU = '88888888-8888-4888-8888-888888888888';

describe("the family's certificates on their page", () => {
  it('offers each marked person’s certificate, asking with the family’s token', async () => {
    const { requests } = stubApi({
      'GET /api/public/registrations/yours/certificates': () =>
        jsonResponse({ certificates: [{ registrantId: ANU, firstName: 'Anu', lastName: 'Rao' }] }),
    });
    render(<FamilyCertificates token="family token" />);
    const link = await screen.findByRole('link', { name: "Download Anu's certificate" });
    expect(link).toHaveAttribute(
      'href',
      `/api/public/registrations/yours/certificates/${ANU}.pdf?token=family%20token`,
    );
    expect(requests('GET /api/public/registrations/yours/certificates')[0]?.headers.get('x-family-token')).toBe(
      'family token',
    );
  });

  it('shows nothing before anyone is marked', async () => {
    const { requests } = stubApi({
      'GET /api/public/registrations/yours/certificates': () => jsonResponse({ certificates: [] }),
    });
    const { container } = render(<FamilyCertificates token="t" />);
    await expect.poll(() => requests('GET /api/public/registrations/yours/certificates').length).toBe(1);
    expect(container).toBeEmptyDOMElement();
  });
});
