import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint rules that keep the server's layers one way (docs/architecture.md "Server"): each
 * fixture below is linted as if it lay at its path, with the repository's own configuration,
 * and must fail; its well-behaved counterpart must pass.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RULES = new Set(['no-restricted-imports', 'local/server-module-file-name']);

const eslint = new ESLint({
  cwd: ROOT,
  // The fixtures are not files of a TypeScript project: parse them without type information.
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => RULES.has(ruleId),
});

/** The rules a source text at this path breaks. */
async function brokenRules(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${path}` });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('server layer lint rules', () => {
  it('fail a plugin, a lib, db or config file that imports a module', async () => {
    const upward = "import { MailService } from '../modules/mail/mail.service.ts';\n";
    for (const path of [
      'server/src/plugins/example.ts',
      'server/src/lib/example.ts',
      'server/src/config/example.ts',
    ]) {
      expect(await brokenRules(path, upward)).toEqual(['no-restricted-imports']);
    }
    expect(
      await brokenRules(
        'server/src/db/seed/example.ts',
        "import { refresh } from '../../modules/pricing/pricing.repository.ts';\n",
      ),
    ).toEqual(['no-restricted-imports']);
    expect(
      await brokenRules(
        'server/src/plugins/example.ts',
        "import { secretHash } from '../lib/secret-hash.ts';\n",
      ),
    ).toEqual([]);
  });

  it("fail a module that imports another module's repository, not its service", async () => {
    expect(
      await brokenRules(
        'server/src/modules/tickets/tickets.example.ts',
        "import { insertMail } from '../mail/mail.repository.ts';\n",
      ),
    ).toEqual(['no-restricted-imports']);
    expect(
      await brokenRules(
        'server/src/modules/tickets/tickets.example.ts',
        "import { queueRenderedMail } from '../mail/mail.service.ts';\n" +
          "import { findTickets } from './tickets.repository.ts';\n",
      ),
    ).toEqual([]);
  });

  it('fail a module file not named <module>.<role>.ts', async () => {
    const code = 'export const role = 1;\n';
    for (const path of [
      'server/src/modules/search/search-jobs.ts',
      'server/src/modules/search/progress-bus.ts',
      'server/src/modules/mail/mailbox.routes.ts',
      'server/src/modules/users/users.Service.ts',
      'server/src/modules/push/parts/push.sender.ts',
    ]) {
      expect(await brokenRules(path, code), path).toEqual(['local/server-module-file-name']);
    }
    for (const path of [
      'server/src/modules/search/search.jobs.ts',
      'server/src/modules/search/search.progress-bus.ts',
      'server/src/modules/search/search.routes.test.ts',
      'server/src/modules/search/search.routes.progress.test.ts',
    ]) {
      expect(await brokenRules(path, code), path).toEqual([]);
    }
  });
});
