import type { FamilyRegistration } from '@store/shared/family-registration';
import type { ManageContext } from './family-change';
import { familyLinkInvalid } from './family-errors';
import { loadFamily } from './family-repo';
import { type CenterName, familyView } from './family-view';

/** The family's page: its registration as it stands now. */
export async function readFamily(
  context: ManageContext & { centerName: CenterName },
  registrationId: string,
): Promise<FamilyRegistration> {
  const family = await loadFamily(context.db, registrationId);
  if (!family) throw familyLinkInvalid();
  return familyView(
    {
      db: context.db,
      centerName: context.centerName,
      changeCutoffHours: context.settings.changeCutoffHours,
      now: context.now?.() ?? new Date(),
    },
    family,
  );
}
