import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from './db/migrate.ts';
import { seedDatabase } from './db/seed/seed.ts';
const agg = new Map<string, [number, number]>();
const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/seedprof?options=-c%20synchronous_commit%3Doff' }) }), log(e) {
  const k = e.query.sql.replace(/\s+/g, ' ').slice(0, 70) + (e.query.sql.includes("materialized") ? " [2stop]" : e.query.sql.includes("route_members") ? " [city]" : "");
  const v = agg.get(k) ?? [0, 0]; v[0] += e.queryDurationMillis; v[1]++; agg.set(k, v);
}});
await migrateToLatest(db);
agg.clear();
const s = await seedDatabase(db, { today: '2026-11-29' as any });
console.log('total', s.durationMs);
for (const [k, [t, n]] of [...agg].sort((a, b) => b[1][0] - a[1][0]).slice(0, 12)) console.log(t.toFixed(0), n, k);
await db.destroy();
