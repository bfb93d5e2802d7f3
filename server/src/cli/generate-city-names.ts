import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATALOGUE_LOCALES } from '@uniquair/i18n/messages';
import { loadAirports } from '../db/seed/airports.ts';
import {
  citiesNamed,
  exemplarCities,
  localizedCityNames,
  type ExemplarCities,
} from '../db/seed/city-names.ts';
import { noPositionals, parseCommandLine, UsageError } from './command-line.ts';

export const CITY_NAMES_USAGE = `Usage: npm run cities:generate [-- --check]

Writes i18n/cities/<locale>.json: the names of the network's cities in each UI language, from the
Unicode CLDR exemplar cities of cldr-dates-full (a devDependency of the server), where they differ
from the English name (docs/i18n.md "City names"). --check writes nothing and fails when the files
differ from what it would write.`;

/** Where the web app reads the names from, one file per locale that has any. */
export const CITY_NAMES_DIR = fileURLToPath(new URL('../../../i18n/cities/', import.meta.url));

/** The folder of the installed cldr-dates-full and its version. */
async function cldrPackage(): Promise<{ root: string; version: string }> {
  const manifest = createRequire(import.meta.url).resolve('cldr-dates-full/package.json');
  const { version } = JSON.parse(await readFile(manifest, 'utf8')) as { version: string };
  return { root: dirname(manifest), version };
}

/** CLDR's folder of a UI locale: `de` as it is, `pt_BR` as `pt-BR`, else its language. */
function cldrLocaleOf(root: string, locale: string): string {
  const tag = locale.replace('_', '-');
  return existsSync(join(root, 'main', tag)) ? tag : (tag.split('-')[0] ?? tag);
}

async function readExemplarCities(root: string, locale: string): Promise<ExemplarCities> {
  const folder = cldrLocaleOf(root, locale);
  const file = join(root, 'main', folder, 'timeZoneNames.json');
  const json = JSON.parse(await readFile(file, 'utf8')) as {
    main: Record<string, { dates: { timeZoneNames: { zone: unknown } } }>;
  };
  const zone = json.main[folder]?.dates.timeZoneNames.zone;
  if (zone === undefined) throw new Error(`${file} has no time zone names`);
  return exemplarCities(zone);
}

export interface CityNameFiles {
  /** File name (`de.json`) → its text. */
  readonly files: ReadonlyMap<string, string>;
  readonly cldrVersion: string;
  /** Our cities, and those of them that got a name in some locale. */
  readonly cities: readonly string[];
  readonly named: readonly string[];
}

/** The files `cities:generate` writes, worked out from the installed CLDR data. */
export async function cityNameFiles(): Promise<CityNameFiles> {
  const { root, version } = await cldrPackage();
  const locales = [...new Set<string>(['en', ...CATALOGUE_LOCALES])];
  const zones = Object.fromEntries(
    await Promise.all(
      locales.map(async (locale) => [locale, await readExemplarCities(root, locale)] as const),
    ),
  );
  const airports = await loadAirports();
  const names = localizedCityNames(airports, zones, locales);
  const files = new Map<string, string>();
  for (const [locale, byCity] of Object.entries(names)) {
    if (Object.keys(byCity).length > 0) {
      files.set(`${locale}.json`, `${JSON.stringify(byCity, null, 2)}\n`);
    }
  }
  return {
    files,
    cldrVersion: version,
    cities: [...new Set(airports.map((airport) => airport.city))].sort(),
    named: citiesNamed(names),
  };
}

/** The JSON files now in `dir`, by name. */
async function filesIn(dir: string): Promise<Map<string, string>> {
  if (!existsSync(dir)) return new Map();
  const names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  return new Map(
    await Promise.all(
      names.map(async (name) => [name, await readFile(join(dir, name), 'utf8')] as const),
    ),
  );
}

/** The names of the files that `wanted` would add, change or remove in `current`. */
export function changedFiles(
  current: ReadonlyMap<string, string>,
  wanted: ReadonlyMap<string, string>,
): string[] {
  const names = new Set([...current.keys(), ...wanted.keys()]);
  return [...names].filter((name) => current.get(name) !== wanted.get(name)).sort();
}

/** `cities:generate`: writes (or with --check compares) the files; answers the exit code. */
export async function generateCityNames(
  args: string[],
  dir: string = CITY_NAMES_DIR,
  out: (line: string) => void = console.log,
): Promise<number> {
  const { values, positionals } = parseCommandLine(args, {
    check: { type: 'boolean', default: false },
  });
  noPositionals(positionals);
  const generated = await cityNameFiles();
  const changed = changedFiles(await filesIn(dir), generated.files);
  const summary =
    `${generated.named.length} of ${generated.cities.length} cities have CLDR names ` +
    `(cldr-dates-full ${generated.cldrVersion}) in ${generated.files.size} locales.`;
  if (values.check) {
    out(summary);
    if (changed.length === 0) return 0;
    out(`Out of date: ${changed.join(', ')}. Run npm run cities:generate.`);
    return 1;
  }
  await mkdir(dir, { recursive: true });
  for (const name of changed) {
    const text = generated.files.get(name);
    if (text === undefined) await rm(join(dir, name));
    else await writeFile(join(dir, name), text);
  }
  out(summary);
  out(changed.length === 0 ? 'Nothing changed.' : `Written: ${changed.join(', ')}.`);
  return 0;
}

// `tsx src/cli/generate-city-names.ts [--check]` runs it.
if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  try {
    process.exitCode = await generateCityNames(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    const usage = error instanceof UsageError;
    if (usage) console.error(CITY_NAMES_USAGE);
    process.exitCode = usage ? 2 : 1;
  }
}
