/**
 * The day of the Mahayagna at two doors with no network, in Chromium against the built site. Two
 * phones download a session's check-in list; the network goes; each checks people in by its camera
 * (Chromium's fake camera playing a video of the tickets' QR codes) and by search; a forged code and
 * a revoked ticket are refused on the phone itself; both check in the same person; both reload while
 * offline and lose nothing. The network returns: the server holds each check-in once, one conflict,
 * the right counts, and both phones show the conflict.
 * Its own site: an owner enrols from scratch, and the session is the test's alone.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CheckInList } from '@store/shared/check-in-list';
import type { CheckInCounts } from '@store/shared/check-in-sync';
import { FAMILY_TOKEN_HEADER } from '@store/shared/family-registration';
import type { RegistrantInput } from '@store/shared/registration';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adultRegistrant, minorRegistrant } from '../apps/server/test/registration-helpers';
import { emlPart } from '../reliability/support/eml';
import { usePage } from './support/browser';
import { openPhone, type Phone } from './support/camera-phone';
import { writeQrVideo } from './support/qr-video';
import { createDallasSession } from './support/staff-session';
import { enrolTwoFactor, signInStaff } from './support/staff-sign-in';
import { type RunningServer, startServer } from './support/start-server';

const OWNER = { username: 'door.owner', password: 'mahayagna doors 2026' };
const HALL = 'Temple hall';

/** The family link in the newest confirmation the site's mail worker wrote to `email`. */
async function familyToken(server: RunningServer, email: string): Promise<string> {
  const outbox = join(server.dataDir, 'outbox');
  const find = () => {
    let names: string[] = [];
    try {
      names = readdirSync(outbox).filter((name) => name.includes('-registration-confirmation-'));
    } catch {
      return undefined;
    }
    for (const name of names.sort().reverse()) {
      const raw = readFileSync(join(outbox, name), 'utf8');
      if (!new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'im').test(raw)) continue;
      const link = /https?:\/\/\S+\/registration\/yours\?token=\S+/.exec(emlPart(raw, 'plain'))?.[0];
      if (link) return new URL(link).searchParams.get('token') ?? undefined;
    }
    return undefined;
  };
  await expect.poll(find, { timeout: 30_000, interval: 250 }).toBeDefined();
  return find() ?? '';
}

/** The answer on a phone's screen: its outcome and its text. */
function answer(page: Page) {
  return page.locator('[role="status"][data-outcome]');
}

async function answered(page: Page): Promise<{ outcome: string; text: string }> {
  const region = answer(page);
  await region.waitFor({ timeout: 15_000 });
  return { outcome: (await region.getAttribute('data-outcome')) ?? '', text: (await region.innerText()) ?? '' };
}

/** Opens /check-in on a phone, names it, downloads the session's list, waits for the offline worker. */
async function prepare(phone: Phone, deviceName: string, list: CheckInList): Promise<void> {
  const { page } = phone;
  await page.goto('/check-in');
  await page.getByRole('heading', { name: 'Check-in at the door' }).waitFor();
  await page.getByLabel('Name this device').fill(deviceName);
  await page.getByRole('button', { name: 'Save' }).click();
  await page
    .getByRole('button', { name: `Download the list of ${list.session.centerName}, ${list.session.hall}` })
    .click();
  await page.getByText(`${list.tickets.length} tickets`, { exact: false }).first().waitFor();
  // The page and its scripts are on the phone once the worker controls the page.
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 20_000 });
}

async function searchAndPick(page: Page, query: string, name: string): Promise<void> {
  const search = page.getByRole('button', { name: 'Search', exact: true });
  if ((await search.getAttribute('aria-pressed')) !== 'true') await search.click();
  await page.getByLabel('Name or ticket number').fill(query);
  await page.getByRole('button', { name }).first().click();
}

describe('check-in at the door, offline, on two phones', () => {
  let server: RunningServer;
  const videos = mkdtempSync(join(tmpdir(), 'door-camera-'));
  const phones: Phone[] = [];
  const t = usePage(() => ({ baseURL: server.baseUrl, viewport: { width: 1280, height: 800 } }));

  beforeAll(async () => {
    server = await startServer({
      ADMIN_USERNAME: OWNER.username,
      ADMIN_PASSWORD: OWNER.password,
      CAPTCHA_PROVIDER: 'off',
      ALLOW_CAPTCHA_OFF: 'true',
    });
  }, 150_000);
  afterAll(async () => {
    for (const phone of phones) await phone.browser.close();
    await server?.stop();
    rmSync(videos, { recursive: true, force: true });
  });

  it('two doors check people in offline, refuse a forged and a revoked ticket, and agree once online', async () => {
    const { page, context } = t;
    const staff = { origin: server.baseUrl };
    await signInStaff(page, OWNER.username, OWNER.password);
    await enrolTwoFactor(page);

    const sessionId = await createDallasSession(page, server.baseUrl, HALL, 20);

    // Families registered (the form is proven elsewhere): three adults, a child with both parents,
    // and Esha, who will cancel: her ticket is revoked, and its printout must not pass the door.
    const register = async (registrants: RegistrantInput[]) => {
      const res = await page.request.post('/api/public/registrations', {
        headers: { 'idempotency-key': crypto.randomUUID() },
        data: { sessionId, registrants },
      });
      expect(res.status(), await res.text()).toBe(201);
    };
    await register([adultRegistrant({ firstName: 'Asha', email: 'asha.door@example.org' })]);
    await register([adultRegistrant({ firstName: 'Bala', lastName: 'Iyer', email: 'bala.door@example.org' })]);
    await register([adultRegistrant({ firstName: 'Chitra', lastName: 'Nair', email: 'chitra.door@example.org' })]);
    await register([
      adultRegistrant({ firstName: 'Meena', lastName: 'Das', email: 'das.door@example.org' }),
      minorRegistrant({
        firstName: 'Dhruv',
        lastName: 'Das',
        email: 'das.door@example.org',
        mothersName: 'Meena Das',
        fathersName: 'Kiran Das',
      }),
    ]);
    await register([adultRegistrant({ firstName: 'Esha', lastName: 'Pai', email: 'esha.door@example.org' })]);

    const readList = async () =>
      (await (
        await page.request.get(`/api/staff/sessions/${sessionId}/check-in-list`, { headers: staff })
      ).json()) as CheckInList;
    const before = await readList();
    const codeOf = (list: CheckInList, first: string) => {
      const ticket = list.tickets.find((entry) => entry.name.startsWith(first));
      if (!ticket) throw new Error(`no ticket for ${first}`);
      return ticket.code;
    };
    const eshaCode = codeOf(before, 'Esha');
    const cancel = await page.request.post('/api/public/registrations/yours/cancel', {
      headers: { [FAMILY_TOKEN_HEADER]: await familyToken(server, 'esha.door@example.org') },
    });
    expect(cancel.status(), await cancel.text()).toBe(200);
    const list = await readList();
    expect(list.tickets).toHaveLength(5);

    // Phone 1's camera sees Asha's and Bala's tickets; phone 2's a forged code (Asha's, its signature
    // altered) and Esha's revoked ticket.
    const asha = codeOf(list, 'Asha');
    const forged = asha.replace(/.(?=[^.]{10}$)/, (c) => (c === 'A' ? 'B' : 'A'));
    const north = join(videos, 'north.y4m');
    const south = join(videos, 'south.y4m');
    writeQrVideo(north, [asha, codeOf(list, 'Bala')]);
    writeQrVideo(south, [forged, eshaCode]);
    const signedIn = await context.storageState();
    const phone1 = await openPhone({ baseURL: server.baseUrl, cameraVideo: north, storageState: signedIn });
    phones.push(phone1);
    const phone2 = await openPhone({ baseURL: server.baseUrl, cameraVideo: south, storageState: signedIn });
    phones.push(phone2);
    await prepare(phone1, 'North door', list);
    await prepare(phone2, 'South door', list);

    // The network goes, for both doors.
    await phone1.context.setOffline(true);
    await phone2.context.setOffline(true);

    // North door: two people by the camera, one by search.
    const p1 = phone1.page;
    await p1.getByRole('button', { name: 'Scan', exact: true }).click();
    const scanned: string[] = [];
    for (let i = 0; i < 2; i++) {
      const shown = await answered(p1);
      expect(shown.outcome, shown.text).toBe('valid');
      expect(shown.text).toContain('Checked in');
      scanned.push(shown.text.includes('Asha') ? 'Asha' : shown.text.includes('Bala') ? 'Bala' : shown.text);
      await p1.getByRole('button', { name: 'Scan next' }).click();
      await answer(p1).waitFor({ state: 'detached' });
    }
    expect(scanned.sort()).toEqual(['Asha', 'Bala']);
    await searchAndPick(p1, 'chitra', 'Chitra Nair');
    expect(await answered(p1)).toMatchObject({ outcome: 'valid' });
    await p1.getByRole('button', { name: 'Scan next' }).click();
    await p1.getByText('3 waiting to sync').waitFor();

    // South door: the camera refuses the forged code and the revoked ticket, offline.
    const p2 = phone2.page;
    await p2.getByRole('button', { name: 'Scan', exact: true }).click();
    const refused: string[] = [];
    for (let i = 0; i < 2; i++) {
      const shown = await answered(p2);
      refused.push(shown.outcome);
      await p2.getByRole('button', { name: 'Scan next' }).click();
      await answer(p2).waitFor({ state: 'detached' });
    }
    expect(refused.sort()).toEqual(['forged', 'revoked']);
    // The child, with the mother confirmed present.
    await searchAndPick(p2, 'dhruv', 'Dhruv Das');
    const child = await answered(p2);
    expect(child.outcome).toBe('valid');
    expect(child.text).toContain('Confirm a guardian is present');
    expect(child.text).toContain('Meena Das');
    await p2.getByRole('button', { name: 'Mother present' }).click();
    await answer(p2).getByText('Checked in').waitFor();
    await p2.getByRole('button', { name: 'Scan next' }).click();
    // Asha again, at this door: offline, it cannot know the North door let her in.
    await searchAndPick(p2, 'Asha', 'Asha Rao');
    expect(await answered(p2)).toMatchObject({ outcome: 'valid' });
    await p2.getByRole('button', { name: 'Scan next' }).click();
    await p2.getByText('2 waiting to sync').waitFor();

    // Both reload while offline: the page comes from the phone, the check-ins from its storage.
    for (const [phone, waiting] of [
      [phone1, 3],
      [phone2, 2],
    ] as const) {
      await phone.page.reload();
      await phone.page.getByRole('heading', { name: 'Check-in at the door' }).waitFor();
      await phone.page.getByText(`${waiting} waiting to sync`).waitFor();
    }

    // The network returns: the North door first, then the South door.
    await phone1.context.setOffline(false);
    await p1.getByText('All synced').waitFor({ timeout: 30_000 });
    await phone2.context.setOffline(false);
    await p2.getByText('All synced').waitFor({ timeout: 30_000 });
    await p1.getByRole('button', { name: 'Sync now' }).click();
    for (const phone of [p1, p2]) {
      const conflicts = phone.getByRole('region', { name: 'Conflicts' });
      await conflicts.getByText('Asha Rao', { exact: false }).waitFor({ timeout: 30_000 });
      await conflicts.getByText('North door', { exact: false }).first().waitFor();
      await conflicts.getByText('South door', { exact: false }).first().waitFor();
    }

    // The office: each person once, one conflict, the right counts, nobody missing.
    const counts = (await (
      await page.request.get(`/api/staff/sessions/${sessionId}/check-ins`, { headers: staff })
    ).json()) as CheckInCounts;
    expect(counts.registered).toBe(5);
    expect(counts.checkedIn).toBe(5 - 1);
    expect(counts.missing.map((person) => person.name)).toEqual(['Meena Das']);
    expect(counts.conflicts).toHaveLength(1);
    expect(counts.conflicts[0]).toMatchObject({
      name: 'Asha Rao',
      kept: { deviceName: 'North door' },
      conflicting: { deviceName: 'South door' },
    });
    expect(Object.fromEntries(counts.devices.map((device) => [device.deviceName, device.kept]))).toEqual({
      'North door': 3,
      'South door': 1,
    });
    for (const phone of phones) expect(phone.errors.map((error) => error.message)).toEqual([]);
  }, 120_000);
});
