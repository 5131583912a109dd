/**
 * The door's answer at size, in this process on the functions the door app calls: a 3,000-ticket
 * check-in list signed with a real Ed25519 key, then
 *
 *   - answerScan (decode, verify the signature with @noble/ed25519, look the ticket up), median of
 *     200 scans of different tickets after 10 warm-ups;
 *   - searchTickets by a part of a name, by a ticket number's first four digits, and by one letter
 *     (nearly every name), median of 200 each after 10 warm-ups (the first builds the sorted index).
 *
 *   npm run bench:check-in   (CHECK_IN_BENCH_TICKETS, default 3,000)
 *
 * A phone is slower than this machine: the bound is half a second per scan.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { answerScan, searchTickets } from '../apps/web/src/features/check-in/door/answer-scan';
import type { StoredSession } from '../apps/web/src/features/check-in/door/door-types';
import { checkInList, doorKeys } from '../apps/web/src/test/check-in-list-fixture';
import { loadLine, machineLine, median } from './support/stats';

const RUNS = 200;
const WARM_UPS = 10;
const FIRST_NAMES = ['Asha', 'Sita', 'Ravi', 'Lakshmi', 'Srinivas', 'José', 'Anjali', 'Venkat', 'Meera', 'Karthik'];
const LAST_NAMES = ['Rao', 'Reddy', 'Sharma', 'Iyer', 'Álvarez', 'రెడ్డి', 'Nair', 'Gupta', 'Kumar', 'Patel'];

async function timeEach(count: number, run: (index: number) => unknown): Promise<number> {
  const times: number[] = [];
  for (let index = 0; index < count + WARM_UPS; index++) {
    const start = performance.now();
    await run(index);
    if (index >= WARM_UPS) times.push(performance.now() - start);
  }
  return median(times);
}

export async function benchCheckInVerify({ tickets, log }: { tickets: number; log: (line: string) => void }) {
  const keys = await doorKeys();
  const seeds = Array.from({ length: tickets }, (_, n) => ({
    ticketId: randomUUID(),
    name: `${FIRST_NAMES[n % 10]} ${LAST_NAMES[Math.floor(n / 10) % 10]} ${n}`,
    minor: n % 4 === 0,
  }));
  const list = await checkInList(keys, 7, seeds);
  const session: StoredSession = { list, downloadedAt: new Date().toISOString(), lastSync: null };
  const codes = list.tickets.map((ticket) => ticket.code);

  const scan = await timeEach(RUNS, (index) => answerScan(codes[(index * 13) % codes.length] ?? '', session, []));
  // As after a reload: the list just read from IndexedDB, its ticket index not built yet.
  const coldScan = await timeEach(20, (index) =>
    answerScan(codes[index % codes.length] ?? '', { ...session, list: { ...list } }, []),
  );
  const byName = await timeEach(RUNS, (index) => searchTickets(session, FIRST_NAMES[index % 10]?.slice(0, 4) ?? ''));
  const byNumber = await timeEach(RUNS, (index) =>
    searchTickets(session, list.tickets[(index * 13) % tickets]?.ticketId.slice(0, 4) ?? ''),
  );
  // One letter: nearly every name matches, and the search stops at its 50 results.
  const broad = await timeEach(RUNS, () => searchTickets(session, 'a'));
  // The first search of a list sorts and folds its names: a fresh list object each time.
  const first = await timeEach(20, () => searchTickets({ ...session, list: { ...list } }, 'asha'));

  log(`Check-in at the door: ${tickets.toLocaleString('en-US')} tickets, ${machineLine()}, ${loadLine()}`);
  log(`  answerScan (verify + look up), median of ${RUNS}: ${scan.toFixed(2)} ms`);
  log(`  answerScan on a list just read (builds its ticket index), median of 20: ${coldScan.toFixed(2)} ms`);
  log(`  searchTickets by name, median of ${RUNS}: ${byName.toFixed(3)} ms`);
  log(`  searchTickets by ticket number, median of ${RUNS}: ${byNumber.toFixed(3)} ms`);
  log(`  searchTickets by one letter, median of ${RUNS}: ${broad.toFixed(3)} ms`);
  log(`  the first search of a list (sorts and folds the names), median of 20: ${first.toFixed(2)} ms`);
}
