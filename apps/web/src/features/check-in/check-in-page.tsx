/**
 * `/check-in`: the door app. A volunteer signs in to the back office once, names the phone,
 * downloads their session's list, and then checks people in with or without network (decision
 * 0039). Which session is open lives in the URL (?session=), so a reload, offline too, comes back
 * to it. The page registers the service worker that keeps it on the phone, and links the manifest
 * that makes it installable; neither reaches the store's pages.
 */

import { staffSessionSchema } from '@store/shared/staff';
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiClientError, getJson } from '#src/lib/api-client';
import { useDocumentTitle } from '#src/lib/use-document-title';
import { DeviceNameForm } from './device-name-form';
import { openDoorStore } from './door/door-store';
import type { DeviceIdentity, DoorStore } from './door/door-types';
import { keepStorage } from './door/keep-storage';
import { useOnline } from './door/use-online';
import { doorTexts } from './door-texts';
import { ManifestLink } from './pwa/manifest-link';
import { registerCheckInServiceWorker } from './pwa/register-service-worker';
import { SessionPicker } from './session-picker';
import { SessionView } from './session-view';
import './check-in.css';

/** Signed in, signed out, or not known (no network: the lists on the device still open). */
type Staff = 'checking' | 'signed-in' | 'signed-out' | 'unknown';

const SIGN_IN_PATH = '/admin?next=/check-in';

function useStaffCheck(online: boolean): Staff {
  const [staff, setStaff] = useState<Staff>('checking');
  useEffect(() => {
    if (!online) {
      setStaff((before) => (before === 'signed-in' ? before : 'unknown'));
      return;
    }
    const controller = new AbortController();
    getJson('/api/staff/me', async () => staffSessionSchema, {
      signal: controller.signal,
      credentials: 'same-origin',
    }).then(
      (session) => setStaff(session.stage === 'full' ? 'signed-in' : 'signed-out'),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setStaff(error instanceof ApiClientError && error.status === 401 ? 'signed-out' : 'unknown');
      },
    );
    return () => controller.abort();
  }, [online]);
  return staff;
}

function useDoorStore(): { store: DoorStore | null; error: string | null } {
  const [state, setState] = useState<{ store: DoorStore | null; error: string | null }>({ store: null, error: null });
  useEffect(() => {
    let opened: DoorStore | null = null;
    let gone = false;
    openDoorStore().then(
      (store) => {
        opened = store;
        if (gone) store.close();
        else setState({ store, error: null });
      },
      (error: unknown) => setState({ store: null, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      gone = true;
      opened?.close();
    };
  }, []);
  return state;
}

export function CheckInPage() {
  useDocumentTitle(doorTexts.title);
  useEffect(() => registerCheckInServiceWorker(), []);
  const online = useOnline();
  const staff = useStaffCheck(online);
  const { store, error } = useDoorStore();
  const [device, setDevice] = useState<DeviceIdentity | undefined | null>(null);
  const [params, setParams] = useSearchParams();
  const sessionId = Number(params.get('session')) || null;

  useEffect(() => {
    if (store) void store.device().then(setDevice);
  }, [store]);

  const nameDevice = useCallback(
    async (name: string) => {
      if (!store) return;
      setDevice(await store.nameDevice(name));
      void keepStorage();
    },
    [store],
  );
  const open = useCallback((id: number | null) => setParams(id ? { session: String(id) } : {}), [setParams]);

  let body: React.ReactNode;
  if (error)
    body = (
      <p className="door-failure" role="alert">
        {error}
      </p>
    );
  else if (staff === 'checking' || !store || device === null) body = <p role="status">{doorTexts.checking}</p>;
  else if (staff === 'signed-out')
    body = (
      <div className="door-panel">
        <p>{doorTexts.signInFirst}</p>
        <Link className="door-button door-button--go" to={SIGN_IN_PATH}>
          {doorTexts.signIn}
        </Link>
      </div>
    );
  else if (!device) body = <DeviceNameForm onSave={nameDevice} />;
  else if (sessionId)
    body = <SessionView store={store} sessionId={sessionId} device={device} onLeave={() => open(null)} />;
  else body = <SessionPicker store={store} online={online && staff === 'signed-in'} onOpen={open} />;

  return (
    <main className="door">
      <ManifestLink />
      <h1 className="door__title">{doorTexts.title}</h1>
      {body}
    </main>
  );
}
