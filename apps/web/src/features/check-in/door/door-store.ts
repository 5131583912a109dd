/** The door's offline store in IndexedDB (idb). Placeholder: the door-data engineer writes it. */
import type { DoorStore } from './door-types';

export async function openDoorStore(_databaseName = 'check-in'): Promise<DoorStore> {
  throw new Error('openDoorStore: not built yet');
}
