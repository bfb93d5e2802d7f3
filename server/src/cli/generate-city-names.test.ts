import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UsageError } from './command-line.ts';
import {
  changedFiles,
  cityNameFiles,
  CITY_NAMES_DIR,
  generateCityNames,
} from './generate-city-names.ts';

describe('cities:generate', () => {
  let dir: string;
  let lines: string[];
  const out = (line: string) => lines.push(line);

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'city-names-'));
    lines = [];
  });

  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('names the network’s cities from the installed CLDR data', async () => {
    const { files, named, cities, cldrVersion } = await cityNameFiles();
    expect(cldrVersion).toMatch(/^\d+\.\d+\.\d+$/);
    const ru = JSON.parse(files.get('ru.json') ?? '{}') as Record<string, string>;
    expect(ru).toMatchObject({ London: 'Лондон', 'Los Angeles': 'Лос-Анджелес', Vienna: 'Вена' });
    expect(JSON.parse(files.get('de.json') ?? '{}')).toMatchObject({ Vienna: 'Wien' });
    // Milan and Munich are no time zone's exemplar city (they lie in Europe/Rome and /Berlin).
    expect(cities).toEqual(expect.arrayContaining(['Milan', 'Munich']));
    expect(named).not.toContain('Milan');
    expect(named).not.toContain('Munich');
    expect(files.has('en.json')).toBe(false);
  });

  it('keeps i18n/cities up to date with the installed CLDR data (npm run cities:generate)', async () => {
    expect(await generateCityNames(['--check'], CITY_NAMES_DIR, out)).toBe(0);
    expect(lines[0]).toMatch(/^\d+ of \d+ cities have CLDR names \(cldr-dates-full [\d.]+\)/);
  });

  it('writes the files, removes stale ones, and then finds nothing to change', async () => {
    await writeFile(join(dir, 'xx.json'), '{}\n');
    await writeFile(join(dir, 'ru.json'), '{"London": "Londres"}\n');
    expect(await generateCityNames(['--check'], dir, out)).toBe(1);
    expect(lines.at(-1)).toMatch(
      /^Out of date: .*ru\.json.*xx\.json\. Run npm run cities:generate\.$/,
    );

    expect(await generateCityNames([], dir, out)).toBe(0);
    const written = (await readdir(dir)).sort();
    expect(written).toEqual([...(await cityNameFiles()).files.keys()].sort());
    expect(written).not.toContain('xx.json');
    expect(JSON.parse(await readFile(join(dir, 'ru.json'), 'utf8'))).toMatchObject({
      London: 'Лондон',
    });

    lines = [];
    expect(await generateCityNames(['--check'], dir, out)).toBe(0);
    expect(await generateCityNames([], dir, out)).toBe(0);
    expect(lines.at(-1)).toBe('Nothing changed.');
  });

  it('rejects an unknown option', async () => {
    await expect(generateCityNames(['--force'], dir, out)).rejects.toThrow(/--force/);
    await expect(generateCityNames(['--force'], dir, out)).rejects.toThrow(UsageError);
    await expect(generateCityNames(['all'], dir, out)).rejects.toThrow(UsageError);
  });
});

describe('changedFiles', () => {
  it('names the files added, changed and removed', () => {
    const current = new Map([
      ['a.json', '1'],
      ['b.json', '2'],
      ['c.json', '3'],
    ]);
    const wanted = new Map([
      ['a.json', '1'],
      ['b.json', '20'],
      ['d.json', '4'],
    ]);
    expect(changedFiles(current, wanted)).toEqual(['b.json', 'c.json', 'd.json']);
  });
});
