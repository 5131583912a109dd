/** `node --import tsx bench/billing-main.ts`: the billing benchmark alone (bench/billing.ts). */
import { benchBilling } from './billing';

const gifts = Number(process.env.BENCH_BILLING_GIFTS ?? 100_000);
const result = await benchBilling({ gifts, log: (line) => console.log(line) });
console.log(JSON.stringify(result, null, 2));
