import { parse as parseCsv } from 'csv-parse/sync';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { bumpDatasetVersion } from '../../db/dataset-versions.ts';
import { readCurrencies, updateCurrencyRates } from './data.repository.ts';
import { REFERENCE_DATASET } from './data.service.ts';

/**
 * Exchange-rate import (operators' command, docs/operations.md): rates are units of a currency per
 * one US dollar, as stored in `currencies.rate` (SPEC §9: conversion is amount × target rate ÷
 * source rate).
 *
 * Accepted files:
 * - JSON: `{"EUR": 0.92, "GBP": 0.79}`, or `{"base": "USD", "rates": {"EUR": 0.92}}`, or
 *   `[{"code": "EUR", "rate": 0.92}]`;
 * - CSV: a header row naming the columns `code` and `rate` (other columns are ignored), then one
 *   currency per row; blank lines and lines starting with `#` are skipped.
 */

export type RateFileFormat = 'json' | 'csv';

export interface RateUpdate {
  code: string;
  rate: number;
}

export interface RateChange {
  code: string;
  before: number;
  after: number;
}

export interface RateImportResult {
  /** Currencies whose rate the file sets, with the rate before and after. */
  changes: RateChange[];
  /** Offered currencies the file does not mention: their rates stay as they were. */
  untouched: string[];
  /** The new version of the reference data, or undefined for a dry run. */
  version: string | undefined;
}

/** A file or an import that cannot be applied; its message is for the operator. */
export class RateImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RateImportError';
  }
}

/** Rates that move by more than this factor either way need `force`. */
export const MAX_RATE_FACTOR_WITHOUT_FORCE = 2;

const CODE_PATTERN = /^[A-Za-z]{3}$/;
const DECIMAL_PATTERN = /^\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

function readRate(value: unknown, where: string): number {
  const rate =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && DECIMAL_PATTERN.test(value.trim())
        ? Number(value.trim())
        : Number.NaN;
  if (!Number.isFinite(rate) || rate <= 0) {
    throw new RateImportError(
      `${where}: the rate must be a positive number, got ${JSON.stringify(value)}`,
    );
  }
  return rate;
}

function readCode(value: unknown, where: string): string {
  if (typeof value !== 'string' || !CODE_PATTERN.test(value.trim())) {
    throw new RateImportError(
      `${where}: expected a three-letter currency code, got ${JSON.stringify(value)}`,
    );
  }
  return value.trim().toUpperCase();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJsonRates(text: string): RateUpdate[] {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new RateImportError(`Not valid JSON: ${(error as Error).message}`);
  }
  if (Array.isArray(document)) {
    return document.map((entry, index) => {
      if (!isRecord(entry))
        throw new RateImportError(`Entry ${index + 1}: expected {"code", "rate"}`);
      return {
        code: readCode(entry.code, `Entry ${index + 1}`),
        rate: readRate(entry.rate, `Entry ${index + 1}`),
      };
    });
  }
  if (!isRecord(document)) {
    throw new RateImportError(
      'Expected an object of rates, {"base", "rates"} or a list of {"code", "rate"}',
    );
  }
  let rates: Record<string, unknown> = document;
  if ('rates' in document) {
    const base = document.base;
    if (base !== undefined && (typeof base !== 'string' || base.toUpperCase() !== 'USD')) {
      throw new RateImportError(
        `Rates must be per US dollar ("base": "USD"), got base ${JSON.stringify(base)}`,
      );
    }
    if (!isRecord(document.rates))
      throw new RateImportError('"rates" must be an object of code → rate');
    rates = document.rates;
  }
  return Object.entries(rates).map(([code, rate]) => ({
    code: readCode(code, `"${code}"`),
    rate: readRate(rate, `"${code}"`),
  }));
}

function parseCsvRates(text: string): RateUpdate[] {
  let records: Record<string, string>[];
  try {
    records = parseCsv<Record<string, string>>(text, {
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      skip_empty_lines: true,
      comment: '#',
      trim: true,
      bom: true,
    });
  } catch (error) {
    throw new RateImportError(`Not valid CSV: ${(error as Error).message}`);
  }
  const first = records[0];
  if (first !== undefined && (!('code' in first) || !('rate' in first))) {
    throw new RateImportError('The CSV header must name the columns "code" and "rate"');
  }
  return records.map((record, index) => ({
    code: readCode(record.code, `Row ${index + 2}`),
    rate: readRate(record.rate, `Row ${index + 2}`),
  }));
}

/** Reads a rates file; throws RateImportError naming the first problem. */
export function parseRateFile(text: string, format: RateFileFormat): RateUpdate[] {
  const updates = format === 'json' ? parseJsonRates(text) : parseCsvRates(text);
  if (updates.length === 0) throw new RateImportError('The file lists no rates');
  const seen = new Set<string>();
  for (const { code, rate } of updates) {
    if (seen.has(code)) throw new RateImportError(`${code} is listed twice`);
    seen.add(code);
    if (code === 'USD' && rate !== 1) {
      throw new RateImportError(`USD is the base currency: its rate must be 1, got ${rate}`);
    }
  }
  return updates;
}

/** The format a file name implies (`.json`, `.csv`), or undefined. */
export function formatOfFileName(name: string): RateFileFormat | undefined {
  const lower = name.toLowerCase();
  if (lower.endsWith('.json')) return 'json';
  if (lower.endsWith('.csv')) return 'csv';
  return undefined;
}

/**
 * Sets the listed rates in one transaction and moves the reference data version forward, so
 * every server process serves the new rates (and new ETags) within its version-check interval.
 * Nothing is written when a code is not an offered currency, or (without `force`) when a rate
 * moves by more than a factor of two, which usually means a rate per the wrong base.
 */
export async function importRates(
  db: Kysely<Database>,
  updates: readonly RateUpdate[],
  options: { dryRun?: boolean; force?: boolean; now?: Date } = {},
): Promise<RateImportResult> {
  return db.transaction().execute(async (trx) => {
    const currencies = new Map((await readCurrencies(trx)).map((row) => [row.code, row.rate]));
    const unknown = updates.filter((update) => !currencies.has(update.code)).map((u) => u.code);
    if (unknown.length > 0) {
      throw new RateImportError(
        `Not offered: ${unknown.join(', ')}. Offered currencies: ${[...currencies.keys()].join(', ')}`,
      );
    }
    const changes = updates.map((update) => ({
      code: update.code,
      before: currencies.get(update.code) ?? Number.NaN,
      after: update.rate,
    }));
    const jumps = changes.filter(
      (change) =>
        change.after / change.before > MAX_RATE_FACTOR_WITHOUT_FORCE ||
        change.before / change.after > MAX_RATE_FACTOR_WITHOUT_FORCE,
    );
    if (jumps.length > 0 && options.force !== true) {
      throw new RateImportError(
        `Rates moving by more than ×${MAX_RATE_FACTOR_WITHOUT_FORCE}: ` +
          jumps.map((jump) => `${jump.code} ${jump.before} → ${jump.after}`).join(', ') +
          '. Check that the file is per US dollar; pass --force to import anyway.',
      );
    }
    const listed = new Set(updates.map((update) => update.code));
    const untouched = [...currencies.keys()].filter((code) => !listed.has(code));
    if (options.dryRun === true) return { changes, untouched, version: undefined };
    const missing = await updateCurrencyRates(
      trx,
      new Map(updates.map((update) => [update.code, update.rate])),
    );
    if (missing.length > 0) throw new RateImportError(`Currencies vanished: ${missing.join(', ')}`);
    const version = await bumpDatasetVersion(trx, REFERENCE_DATASET, options.now);
    return { changes, untouched, version };
  });
}
