import { readdirSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const f = readdirSync('/tmp').find((n) => n.startsWith('store-pglite-template-'))!;
const buf = readFileSync('/tmp/' + f);
let t = performance.now();
const a = await PGlite.create({ loadDataDir: new Blob([buf]), extensions: { pg_trgm } });
console.log('load', performance.now() - t);
for (let i = 0; i < 3; i++) {
  t = performance.now();
  const b = await PGlite.create({ loadDataDir: new Blob([buf]), extensions: { pg_trgm } });
  console.log('load again', performance.now() - t);
  t = performance.now();
  const c = await a.clone();
  console.log('clone', performance.now() - t);
  t = performance.now();
  await b.close();
  await c.close();
  console.log('close both', performance.now() - t);
}
const r = await a.query("select count(*) from information_schema.tables where table_schema='public'");
console.log(r.rows);
