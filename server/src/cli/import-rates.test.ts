import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/database.ts';
import { readDatasetVersions } from '../db/dataset-versions.ts';
import { readCurrencies } from '../modules/data/data.repository.ts';
import { parseRateFile, RateImportError } from '../modules/data/data.exchange-rates.ts';
import { importRatesCommand } from './import-rates.ts';
import { UsageError } from './command-line.ts';
import type { CommandOutput } from './run-command.ts';

function capture(): CommandOutput & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, out: (line) => lines.push(line), err: (line) => errors.push(line) };
}

describe('parseRateFile', () => {
  it.each([
    ['a map of rates', '{"EUR": 0.93, "gbp": "0.8"}'],
    ['rates per US dollar with a base', '{"base": "USD", "rates": {"EUR": 0.93, "GBP": 0.8}}'],
    ['a list of entries', '[{"code": "EUR", "rate": 0.93}, {"code": "GBP", "rate": 0.8}]'],
  ])('reads JSON as %s', (_label, text) => {
    expect(parseRateFile(text, 'json')).toEqual([
      { code: 'EUR', rate: 0.93 },
      { code: 'GBP', rate: 0.8 },
    ]);
  });

  it('reads CSV with a header, comments, blank lines and extra columns', () => {
    const text = '\uFEFFCode, Rate, source\n# from the bank\nEUR,0.93,ecb\n\ngbp , 0.8 ,boe\n';
    expect(parseRateFile(text, 'csv')).toEqual([
      { code: 'EUR', rate: 0.93 },
      { code: 'GBP', rate: 0.8 },
    ]);
  });

  it.each([
    ['json', '{"EUR": 0}', /positive number/],
    ['json', '{"EUR": -1}', /positive number/],
    ['json', '{"EUR": "abc"}', /positive number/],
    ['json', '{"EURO": 1}', /three-letter currency code/],
    ['json', '{"base": "EUR", "rates": {"USD": 1.08}}', /per US dollar/],
    ['json', '{"USD": 1.1}', /USD is the base currency/],
    ['json', '{}', /lists no rates/],
    ['json', '[{"code": "EUR", "rate": 1}, {"code": "eur", "rate": 1}]', /listed twice/],
    ['json', '{"EUR": 0.9', /Not valid JSON/],
    ['json', '"EUR"', /Expected an object/],
    ['csv', 'currency,value\nEUR,0.9\n', /must name the columns "code" and "rate"/],
    ['csv', 'code,rate\nEUR,0,9\n', /Not valid CSV/],
    ['csv', 'code,rate\nEUR,1e999\n', /positive number/],
    ['csv', 'code,rate\n', /lists no rates/],
  ] as const)('refuses %s %s', (format, text, message) => {
    expect(() => parseRateFile(text, format)).toThrow(RateImportError);
    expect(() => parseRateFile(text, format)).toThrow(message);
  });
});

describe('rates:import', () => {
  let database: TestDatabase;
  let folder: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    folder = mkdtempSync(join(tmpdir(), 'uniquair-rates-'));
  });

  afterAll(async () => {
    await database.dispose();
    rmSync(folder, { recursive: true, force: true });
  });

  beforeEach(async () => {
    await database.db
      .updateTable('currencies')
      .set({ rate: 0.92 })
      .where('code', '=', 'EUR')
      .execute();
    await database.db
      .updateTable('currencies')
      .set({ rate: 0.79 })
      .where('code', '=', 'GBP')
      .execute();
  });

  const file = (name: string, text: string): string => {
    const path = join(folder, name);
    writeFileSync(path, text);
    return path;
  };
  const rateOf = async (code: string) =>
    (await readCurrencies(database.db)).find((currency) => currency.code === code)?.rate;

  it('imports a CSV file in one go and bumps the reference data version', async () => {
    const before = (await readDatasetVersions(database.db)).get('reference');
    const output = capture();
    const code = await importRatesCommand(
      [file('rates.csv', 'code,rate\nEUR,0.9312\nGBP,0.7811\n')],
      database,
      output,
    );
    expect(code).toBe(0);
    expect(await rateOf('EUR')).toBe(0.9312);
    expect(await rateOf('GBP')).toBe(0.7811);
    const after = (await readDatasetVersions(database.db)).get('reference');
    expect(Date.parse(String(after))).toBeGreaterThan(Date.parse(String(before)));
    expect(output.lines[0]).toBe('Imported 2 rate(s).');
    expect(output.lines.join('\n')).toContain('EUR');
    expect(output.lines.join('\n')).toMatch(/Unchanged: USD, RUB, BGN, VND, RON, INR, KRW\./);
  });

  it('imports JSON, the format taken from the file name or --format', async () => {
    const path = file('rates.txt', '{"base": "USD", "rates": {"EUR": 0.95}}');
    expect(await importRatesCommand([path, '--format', 'json'], database, capture())).toBe(0);
    expect(await rateOf('EUR')).toBe(0.95);
  });

  it('writes nothing on a dry run', async () => {
    const version = (await readDatasetVersions(database.db)).get('reference');
    const output = capture();
    const path = file('dry.json', '{"EUR": 0.99}');
    expect(await importRatesCommand([path, '--dry-run'], database, output)).toBe(0);
    expect(output.lines[0]).toBe('Dry run: nothing written.');
    expect(await rateOf('EUR')).toBe(0.92);
    expect((await readDatasetVersions(database.db)).get('reference')).toBe(version);
  });

  it('writes nothing when one code is not an offered currency', async () => {
    const output = capture();
    const path = file('unknown.json', '{"EUR": 0.95, "CHF": 0.88}');
    expect(await importRatesCommand([path], database, output)).toBe(1);
    expect(output.errors[0]).toMatch(/Nothing imported\. Not offered: CHF/);
    expect(await rateOf('EUR')).toBe(0.92);
  });

  it('refuses a rate that jumps more than ×2 unless forced', async () => {
    const path = file('jump.json', '{"EUR": 92, "GBP": 0.8}');
    const output = capture();
    expect(await importRatesCommand([path], database, output)).toBe(1);
    expect(output.errors[0]).toMatch(/EUR 0\.92 → 92/);
    expect(await rateOf('GBP')).toBe(0.79);
    expect(await importRatesCommand([path, '--force'], database, capture())).toBe(0);
    expect(await rateOf('EUR')).toBe(92);
  });

  it('reports an unreadable or malformed file', async () => {
    const missing = capture();
    expect(await importRatesCommand([join(folder, 'none.csv')], database, missing)).toBe(1);
    expect(missing.errors[0]).toMatch(/Cannot read/);
    const malformed = capture();
    expect(await importRatesCommand([file('bad.json', '{')], database, malformed)).toBe(1);
    expect(malformed.errors[0]).toMatch(/Not valid JSON/);
  });

  it('refuses a bad command line', async () => {
    await expect(importRatesCommand([], database, capture())).rejects.toThrow(UsageError);
    await expect(importRatesCommand(['rates.xml'], database, capture())).rejects.toThrow(
      /--format/,
    );
    await expect(importRatesCommand(['a.csv', 'b.csv'], database, capture())).rejects.toThrow(
      UsageError,
    );
    await expect(importRatesCommand(['a.csv', '--format'], database, capture())).rejects.toThrow(
      UsageError,
    );
  });
});
