/**
 * The event registration as a family meets it (SPEC.md §2 /registration, §4 "Registration", §5
 * "Registrant"), stored and confirmed by the real server with the real ALTCHA captcha, in Chromium;
 * then the treasurer finds the registrants in the report's 'Event Registrations'.
 */
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { usePage } from './support/browser';

const TITLE = 'Bhagavad Gita Mahayagna Registration';
const ALL_MESSAGES = [
  'Age is required',
  'Invalid email',
  'First name required',
  'Last name required',
  'Gender required',
  'Country required',
  'Zip required',
  'State required',
  'City required',
];

/** The open card: only it is a region on the page (closed cards' fields are hidden), and its name changes as a name is typed. */
const openCard = (page: Page) => page.getByRole('region').filter({ has: page.getByLabel('Age') });
const nameOfFocused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name'));

type Person = { age: string; first: string; last: string; gender: 'Male' | 'Female'; email?: string };

/** `sameFamily`: "Same family details as registrant 1" is ticked, so surname and address are not asked. */
async function fillPerson(card: Locator, { age, first, last, gender, email }: Person, sameFamily = false) {
  await card.getByLabel('Age').fill(age);
  if (email) await card.getByLabel('Email').fill(email);
  await card.getByLabel('First Name').fill(first);
  if (!sameFamily) await card.getByLabel('Last Name').fill(last);
  await card.getByLabel('Gender').selectOption(gender);
  if (sameFamily) return;
  await card.getByLabel('Country').selectOption('US');
  await card.getByLabel('State', { exact: true }).selectOption('TX');
  await card.getByLabel('City').fill('Austin');
  await card.getByLabel('Zip / Postal Code').fill('78701');
}

describe('event registration', () => {
  const t = usePage();
  const admin = inject('admin');

  it('an empty Submit shows every message, and the fields follow the age', async () => {
    const { page } = t;
    await page.goto('/registration');
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    expect(await page.getByRole('button', { name: /^Remove/ }).count()).toBe(0);

    // The session choice comes first on the page: its message, and focus, come first too.
    await page.getByRole('radio').first().waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    for (const text of [...ALL_MESSAGES, 'Choose where to recite'])
      await page.getByText(text, { exact: true }).waitFor();
    const card = openCard(page);
    expect(await card.getByRole('button').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Registrant 1', expanded: true }).count()).toBe(1);
    await expect.poll(() => nameOfFocused(page)).toBe('sessionId');

    await card.getByLabel('Age').fill('15');
    await card.getByLabel("Mother's Name").waitFor();
    expect(await card.getByLabel('Phone', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => card.getByText('Required', { exact: true }).count()).toBe(4);

    await card.getByLabel('Age').fill('18');
    await card.getByLabel('Category').waitFor();
    expect(await card.getByLabel("Mother's Name").count()).toBe(0);
    await page.getByRole('button', { name: 'Submit' }).click();
    await card.getByText('Phone required', { exact: true }).waitFor();
    await card.getByText('Category required', { exact: true }).waitFor();
  });

  it('registers an adult and a minor once, however often Submit is clicked; the report lists both', async () => {
    const { page } = t;
    // A phone's width: nothing may need sideways scrolling.
    await page.setViewportSize({ width: 360, height: 740 });
    const last = `Regtest${randomBytes(3).toString('hex')}`;
    await page.goto('/registration');
    const session = page.getByRole('group', { name: 'Where will you recite?' }).getByRole('radio').first();
    await session.check();

    const first = openCard(page);
    await fillPerson(first, { age: '41', first: 'Asha', last, gender: 'Female', email: 'asha@example.org' });
    await first.getByLabel('Phone', { exact: true }).fill('+1 512 555 0100');
    await first.getByLabel('Category').selectOption('Fluent Reading');

    await page.getByRole('button', { name: `Asha ${last}`, expanded: true }).waitFor();
    await page.getByRole('button', { name: 'Add Another Registrant' }).click();
    await page.getByRole('button', { name: 'Registrant 2', expanded: true }).waitFor();
    await page.getByRole('button', { name: `Asha ${last}`, expanded: false }).waitFor();
    const second = openCard(page);
    expect(await nameOfFocused(page)).toBe('registrants.1.age');
    expect(await second.getByLabel('Email').inputValue()).toBe('asha@example.org');
    // The family's details are registrant 1's, and so is the mother: neither is typed again.
    expect(await second.getByRole('checkbox', { name: 'Same family details as registrant 1' }).isChecked()).toBe(true);
    await fillPerson(second, { age: '11', first: 'Ravi', last, gender: 'Male' }, true);
    await second.getByRole('checkbox', { name: 'The parent is registrant 1' }).check();
    expect(await second.getByLabel("Mother's Name").count()).toBe(0);
    await second.getByLabel("Father's Name").fill(`Kiran ${last}`);
    await second.getByLabel("Father's Phone").fill('512 555 0101');

    // A third card, then removed: two people remain and a neighbour's card is the open one.
    await page.getByRole('button', { name: 'Add Another Registrant' }).click();
    await page.getByRole('button', { name: 'Registrant 3', expanded: true }).waitFor();
    await page.getByRole('button', { name: 'Remove Registrant 3' }).click();
    await expect.poll(() => page.getByRole('button', { name: /^Remove/ }).count()).toBe(2);
    await page.getByRole('button', { name: `Ravi ${last}`, expanded: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole('button', { name: 'Submit' }).dblclick();
    const confirmation = page.getByRole('region', { name: 'Registration received' });
    await confirmation.waitFor({ timeout: 20_000 });
    const text = (await confirmation.textContent()) ?? '';
    const number = /Your registration number is (BGM-\d{6})\./.exec(text)?.[1];
    expect(number).toBeDefined();
    expect(text).toContain('A confirmation has been sent to asha@example.org.');
    // Who was registered, each with a ticket, in the form's place.
    const people = confirmation.getByRole('listitem');
    expect(await people.allTextContents()).toEqual([
      expect.stringMatching(new RegExp(`^Asha ${last} Ticket [0-9A-F]{8} · Ticket sent to asha@example.org$`)),
      expect.stringMatching(new RegExp(`^Ravi ${last} Ticket [0-9A-F]{8} · Ticket sent to asha@example.org$`)),
    ]);
    expect(await page.getByRole('button', { name: 'Submit' }).count()).toBe(0);
    // "Register more people" starts over with one blank registrant.
    await confirmation.getByRole('button', { name: 'Register more people' }).click();
    await page.getByRole('button', { name: 'Registrant 1', expanded: true }).waitFor();
    expect(await openCard(page).getByLabel('First Name').inputValue()).toBe('');
    expect(await page.getByRole('button', { name: /^Remove/ }).count()).toBe(0);

    await page.goto('/report');
    await page.getByLabel('Username').fill(admin.username);
    await page.getByLabel('Password').fill(admin.reportKey);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Event Registrations' }).waitFor();
    const hosts = page.getByRole('table', { name: 'Event Registrations' });
    const rows = hosts.getByRole('row').filter({ hasText: last });
    await rows.first().waitFor();
    // One registration of two people: the double click stored it once.
    expect(await rows.count()).toBe(2);
    // By the Name cell: the minor's row also names Asha, as the mother.
    const rowOf = (name: string) => rows.filter({ has: page.getByRole('cell', { name, exact: true }) });
    const adultRow = (await rowOf(`Asha ${last}`).textContent()) ?? '';
    expect(adultRow).toContain(number);
    expect(adultRow).toContain('Fluent Reading');
    const minorRow = (await rowOf(`Ravi ${last}`).textContent()) ?? '';
    expect(minorRow).toContain(number);
    expect(minorRow).toContain(`Kiran ${last}`);
    expect(minorRow).toContain(`Asha ${last}`);
  });
});
