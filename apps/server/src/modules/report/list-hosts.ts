/**
 * The report's `hosts`: the event's registrations (DESIGN.md "Data that SPEC.md leaves open").
 * Empty until the registration issue stores them; that issue fills this function (and may give it the
 * filter and paging the donors have) and the route needs no other change.
 */
import type { HostRow } from '@store/shared/report';
import type { Database } from '../../db/client';
import type { ReportFilter } from './report-filter';

export type ListHostsOptions = { db: Database; filter: ReportFilter; timeZone: string };

export async function listHosts(_options: ListHostsOptions): Promise<HostRow[]> {
  return [];
}
