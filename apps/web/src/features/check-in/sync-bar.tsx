/** Where this door's check-ins stand: waiting on the device, or all with the office; offline or not. */
import { doorTexts } from './door-texts';

type Props = {
  waiting: number;
  online: boolean;
  syncing: boolean;
  error: string | null;
  lastSyncedAt: string | null;
  formatTime: (iso: string) => string;
  onSync: () => void;
};

export function SyncBar({ waiting, online, syncing, error, lastSyncedAt, formatTime, onSync }: Props) {
  return (
    <div className={`door-sync${waiting > 0 ? ' door-sync--waiting' : ''}`}>
      <p className="door-sync__state" aria-live="polite">
        {!online ? <strong className="door-sync__offline">{doorTexts.offline}</strong> : null}
        <span>{waiting > 0 ? doorTexts.waiting(waiting) : doorTexts.allSynced}</span>
        {lastSyncedAt ? (
          <span className="door-sync__when">{doorTexts.lastSynced(formatTime(lastSyncedAt))}</span>
        ) : null}
      </p>
      {error ? (
        <p className="door-sync__error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="button" className="door-button door-button--small" onClick={onSync} disabled={!online || syncing}>
        {syncing ? doorTexts.syncing : doorTexts.syncNow}
      </button>
    </div>
  );
}
