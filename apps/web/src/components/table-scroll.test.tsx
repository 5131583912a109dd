import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { SCROLL_HINT, TableScroll } from './table-scroll';

/** jsdom lays nothing out: give every box the widths a browser would measure. */
function widths(scrollWidth: number, clientWidth: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
}

const table = (
  <table aria-label="Donors">
    <tbody>
      <tr>
        <td>Asha Rao</td>
      </tr>
    </tbody>
  </table>
);

describe('TableScroll', () => {
  afterEach(() => vi.restoreAllMocks());

  test('a table wider than its box says it scrolls sideways, in words and as the box description', () => {
    widths(1400, 340);
    render(<TableScroll label="Donor Details table">{table}</TableScroll>);
    const box = screen.getByRole('region', { name: 'Donor Details table' });
    expect(box).toHaveAttribute('tabindex', '0');
    expect(screen.getByText(SCROLL_HINT)).toBeVisible();
    expect(box).toHaveAccessibleDescription(SCROLL_HINT);
  });

  test('a table that fits says nothing', () => {
    widths(1118, 1118);
    render(<TableScroll label="Donations per center table">{table}</TableScroll>);
    const box = screen.getByRole('region', { name: 'Donations per center table' });
    expect(box).toHaveAttribute('tabindex', '0');
    expect(screen.queryByText(SCROLL_HINT)).toBeNull();
    expect(box).not.toHaveAttribute('aria-describedby');
  });
});
