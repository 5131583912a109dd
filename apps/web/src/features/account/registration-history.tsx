/** The event registrations made from this account or its verified e-mail (beyond SPEC.md). */
import type { I18n } from '@lingui/core';
import type { AccountActivity } from '@store/shared/auth';
import { type DataColumn, DateCell } from '#src/components/data-table';
import { TableSection } from '#src/components/table-section';
import { useLingui } from '#src/lib/i18n/use-lingui';

export const YOUR_REGISTRATIONS = /*i18n*/ 'Your Event Registrations';
export const NO_REGISTRATIONS = /*i18n*/ 'No event registrations yet.';

type Registration = AccountActivity['registrations'][number];

/** What each state means to the family, in a word or two. */
const STATUS_TEXT: Record<Registration['status'], string> = {
  registered: /*i18n*/ 'Registered',
  waiting: /*i18n*/ 'On the waiting list',
  offered: /*i18n*/ 'Places offered',
  cancelled: /*i18n*/ 'Cancelled',
  lapsed: /*i18n*/ 'Offer lapsed',
};

function SessionCell({ session }: { session: Registration['session'] }) {
  if (!session) return <>—</>;
  // The session's own time zone: a Dallas session at 9 AM reads 9 AM wherever the donor is.
  return (
    <>
      {session.centerName}, {session.hall}, <DateCell iso={session.startsAt} timeZone={session.timeZone} />
    </>
  );
}

/** The table's columns, headed in the page's language. */
const columns = (i18n: I18n): readonly DataColumn<Registration>[] => [
  { header: i18n._('Registration'), cell: (registration) => registration.registrationNumber },
  { header: i18n._('Date'), cell: (registration) => <DateCell iso={registration.date} /> },
  { header: i18n._('Session'), cell: (registration) => <SessionCell session={registration.session} /> },
  { header: i18n._('Status'), cell: (registration) => i18n._(STATUS_TEXT[registration.status]) },
  {
    header: i18n._('Registrants'),
    cell: (registration) => registration.registrants.map((registrant) => registrant.name).join(', '),
  },
  {
    header: i18n._('Manage'),
    cell: (registration) =>
      registration.manageUrl ? (
        <a
          href={registration.manageUrl}
          aria-label={i18n._('Manage {registrationNumber}', { registrationNumber: registration.registrationNumber })}
        >
          {i18n._('Manage')}
        </a>
      ) : null,
  },
];

export function RegistrationHistory({ registrations }: { registrations: AccountActivity['registrations'] }) {
  const { i18n } = useLingui();
  return (
    <TableSection
      className="account-section"
      title={i18n._(YOUR_REGISTRATIONS)}
      emptyText={i18n._(NO_REGISTRATIONS)}
      columns={columns(i18n)}
      rows={registrations}
      rowKey={(registration) => registration.registrationNumber}
    />
  );
}
